import type { ArchivedAuction, ArchivedMessage } from '@mazad/contracts';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format';

export function ArchivedMessageItem({ message, userId }: { message: ArchivedMessage; userId: string }) {
  const mine = message.sender?._id === userId;
  return (
    <li className={`archive-message${mine ? ' archive-message--mine' : ''}`}>
      <span className="archive-message__sender">{mine ? 'أنت' : message.sender?.name}</span>
      <p className="archive-message__text">{message.content}</p>
      <time className="archive-message__time" dateTime={message.timestamp}>
        {formatDateTime(message.timestamp)}
      </time>
    </li>
  );
}

/** The whole conversation of one archived auction. */
export function ConversationModal({
  auction,
  userId,
  onClose,
}: {
  auction: ArchivedAuction | null;
  userId: string;
  onClose: () => void;
}) {
  return (
    <Modal open={Boolean(auction)} onClose={onClose} title={auction ? `محادثة: ${auction.title}` : ''}>
      {auction && (
        <ol className="archive-messages archive-messages--full" aria-label="الرسائل">
          {auction.messages.map((m) => (
            <ArchivedMessageItem key={m._id} message={m} userId={userId} />
          ))}
        </ol>
      )}
    </Modal>
  );
}
