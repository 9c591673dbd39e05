import type { ChatMessage } from '@mazad/contracts';

/** A message was stored (drives `new_message` / `new-message` to the receiver). */
export class MessageSentEvent {
  constructor(readonly message: ChatMessage) {}
}
