import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { MessageReadPayload, SocketEvents } from '@mazad/contracts';
import { RealtimePublisher } from '../../../realtime';
import { MessageSentEvent } from '../message-sent.event';
import { MessagesReadEvent } from '../messages-read.event';

/**
 * Private chat events to the members' `user:<id>` rooms, on every replica (Redis adapter):
 * the receiver gets the new message under both spellings (`new_message`, `new-message`);
 * the sender learns which of their messages were read (`message_read`).
 */
@EventsHandler(MessageSentEvent, MessagesReadEvent)
export class MessageBroadcastHandler implements IEventHandler<MessageSentEvent | MessagesReadEvent> {
  constructor(private readonly publisher: RealtimePublisher) {}

  handle(event: MessageSentEvent | MessagesReadEvent) {
    if (event instanceof MessageSentEvent) {
      const receiverId = event.message.receiver._id;
      this.publisher.toUser(receiverId, SocketEvents.NewMessage, event.message);
      this.publisher.toUser(receiverId, SocketEvents.NewMessageAlt, event.message);
      return;
    }
    const payload: MessageReadPayload = {
      auctionId: event.auctionId,
      readerId: event.readerId,
      messageIds: event.messageIds,
      readAt: event.readAt.toISOString(),
    };
    this.publisher.toUser(event.senderId, SocketEvents.MessageRead, payload);
  }
}
