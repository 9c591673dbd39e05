import { LIMITS, type ChatMessage, type Conversation } from '@mazad/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Form, SubmitButton } from '@/components/form';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { DEAL_CONFIRMED, useConfirmDeal } from '../api/confirm-deal';
import { useSendMessage } from '../api/send-message';
import { useThread } from '../api/thread';
import { chatBadge } from '../lib/chat-status';
import { formatChatTime } from '../lib/chat-time';
import { RatingModal } from './rating-modal';
import { StatusPanel } from './status-panel';

export interface ChatPaneProps {
  auctionId: string;
  conversation: Conversation | undefined;
  userId: string;
  onBack: () => void;
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={`bubble ${mine ? 'bubble--mine' : 'bubble--theirs'}`} data-testid="chat-message">
      <p className="bubble__text">{message.content}</p>
      <span className="bubble__meta">
        <time dateTime={message.createdAt}>{formatChatTime(message.createdAt)}</time>
        {mine && (
          <span
            className={`bubble__tick${message.isRead ? ' bubble__tick--read' : ''}`}
            data-testid="read-tick"
            data-read={message.isRead ? 'true' : 'false'}
            role="img"
            aria-label={message.isRead ? 'تمت القراءة' : 'تم الإرسال'}
          >
            {message.isRead ? '✓✓' : '✓'}
          </span>
        )}
      </span>
    </li>
  );
}

/** The open conversation: header with the view-auction button, bubbles, send box, deal panel. */
export function ChatPane({ auctionId, conversation, userId, onBack }: ChatPaneProps) {
  const thread = useThread(auctionId, userId);
  const sendMessage = useSendMessage(userId);
  const confirmDeal = useConfirmDeal(userId);
  const composer = useForm<{ content: string }>({ defaultValues: { content: '' } });
  const draft = useWatch({ control: composer.control, name: 'content' });
  const sending = composer.formState.isSubmitting;
  const [rating, setRating] = useState(false);
  const scroller = useRef<HTMLOListElement>(null);
  const messages = thread.data ?? [];
  const other = conversation?.otherParticipant;
  const auction = conversation?.auction;

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, auctionId]);

  // The form is submitting from the click on (a mutation's pending state arrives a tick later): no second send.
  async function send({ content }: { content: string }) {
    const text = content.trim();
    if (!text || !other) return;
    try {
      await sendMessage.mutateAsync({ auctionId, receiverId: other._id, content: text });
      composer.reset({ content: '' });
    } finally {
      // A refusal was shown by the API client (the server's message, or the generic send error).
      requestAnimationFrame(() => composer.setFocus('content'));
    }
  }

  /** Enter sends, Shift+Enter starts a new line (and Enter while composing a character does nothing). */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!sending) event.currentTarget.form?.requestSubmit();
    }
  }

  function confirm() {
    // A failure was toasted by the API client: the server's message first, then CONFIRM_ERROR.
    confirmDeal.mutate(auctionId, { onSuccess: (result) => toast.success(result?.message || DEAL_CONFIRMED) });
  }

  const badge = auction ? chatBadge(auction.status, auction.isDealConfirmed) : null;
  const headingId = `chat-title-${auctionId}`;

  return (
    <section className="chat-pane" aria-labelledby={headingId}>
      <header className="chat-pane__header">
        <Button variant="ghost" size="sm" className="chat-pane__back" onClick={onBack}>
          → المحادثات
        </Button>
        <div className="chat-pane__who">
          <h2 id={headingId} className="chat-pane__name">
            {other?.name ?? 'محادثة المزاد'}
          </h2>
          {auction && (
            <p className="chat-pane__auction">
              {auction.title} {badge && <span className={`chat-badge chat-badge--${badge.tone}`}>{badge.label}</span>}
            </p>
          )}
        </div>
        <ButtonLink to={paths.auction.getHref(auctionId)} variant="secondary" size="sm">
          عرض المزاد
        </ButtonLink>
      </header>

      {thread.forbidden ? (
        <div className="chat-pane__refused">
          <Notice tone="error">{errorMessage(thread.error)}</Notice>
        </div>
      ) : thread.isPending ? (
        <div className="chat-pane__loading">
          <Spinner label="جارٍ تحميل الرسائل…" />
        </div>
      ) : (
        <ol ref={scroller} className="chat-thread" aria-label="الرسائل" aria-live="polite" tabIndex={0}>
          {messages.length === 0 && <li className="chat-thread__empty muted">لا توجد رسائل بعد. ابدأ المحادثة!</li>}
          {messages.map((m) => (
            <Bubble key={m._id} message={m} mine={m.sender?._id === userId} />
          ))}
        </ol>
      )}

      {!thread.forbidden && other && (
        <Form form={composer} onSubmit={send} className="chat-send">
          <label htmlFor={`chat-input-${auctionId}`} className="visually-hidden">
            نص الرسالة
          </label>
          <textarea
            id={`chat-input-${auctionId}`}
            className="field__input chat-send__input"
            rows={1}
            maxLength={LIMITS.messageMax}
            placeholder="اكتب رسالتك…"
            disabled={sending}
            onKeyDown={onKeyDown}
            {...composer.register('content')}
          />
          <SubmitButton disabled={!draft.trim()}>إرسال</SubmitButton>
        </Form>
      )}

      {auction && !thread.forbidden && (
        <StatusPanel
          auction={auction}
          userId={userId}
          confirming={confirmDeal.isPending}
          onConfirm={confirm}
          onRate={() => setRating(true)}
        />
      )}
      {auction && (
        <RatingModal
          open={rating}
          onClose={() => setRating(false)}
          sellerId={auction.seller?._id}
          auctionId={auction._id}
          sellerName={auction.seller?.name}
          onRated={() => setRating(false)}
        />
      )}
    </section>
  );
}
