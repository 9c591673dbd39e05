import type { User } from '@mazad/contracts';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConversations } from '../api/conversations';
import { useChatSocket } from '../api/use-chat-socket';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';
import '../messages.css';

/**
 * /messages (R-CHAT-PARTIES): the conversations of the member's sold and
 * won auctions beside the open chat. `?auction=` opens one; a third party who opens an
 * auction's chat by its address sees the server's refusal instead of messages.
 */
export function MessagesPage({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('auction') || null;
  const conversations = useConversations(user._id);
  useChatSocket(user._id, selectedId);
  const list = conversations.data ?? [];
  const selected = list.find((c) => c._id === selectedId);

  const select = (auctionId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (auctionId) next.set('auction', auctionId);
        else next.delete('auction');
        return next;
      },
      { replace: true },
    );

  return (
    <div className={`page messages-page${selectedId ? ' messages-page--open' : ''}`}>
      <div className="messages-page__head">
        <h1 className="messages-page__title">الرسائل</h1>
        <ButtonLink to={paths.home.getHref()} variant="ghost" size="sm">
          العودة إلى الرئيسية
        </ButtonLink>
      </div>
      <div className="messages-layout card">
        <aside className="messages-layout__list" aria-label="قائمة المحادثات">
          {conversations.isPending ? (
            <div className="chat-pane__loading">
              <Spinner label="جارٍ تحميل المحادثات…" />
            </div>
          ) : (
            <ConversationList conversations={list} selectedId={selectedId} userId={user._id} onSelect={select} />
          )}
        </aside>
        <div className="messages-layout__chat">
          {selectedId ? (
            <ChatPane
              key={selectedId}
              auctionId={selectedId}
              conversation={selected}
              userId={user._id}
              onBack={() => select(null)}
            />
          ) : (
            <div className="chat-pane__placeholder">
              <p>اختر محادثة من القائمة لعرض الرسائل.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
