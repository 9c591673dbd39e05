import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SessionRevokedEvent } from '../../auth/events/session-revoked.event';
import { SessionsEndedEvent } from '../../auth/events/sessions-ended.event';
import { RealtimePublisher } from '../realtime.publisher';

/**
 * Sessions that end close their sockets on every replica (the Redis adapter carries the
 * disconnect): all of a member's after logout-everywhere or a password change or reset, the
 * one token's after logout. Without this an open socket would keep hearing private events
 * (messages, outbid notices) although its token is refused everywhere else.
 */
@EventsHandler(SessionsEndedEvent, SessionRevokedEvent)
export class SessionBroadcastHandler implements IEventHandler<SessionsEndedEvent | SessionRevokedEvent> {
  constructor(private readonly publisher: RealtimePublisher) {}

  handle(event: SessionsEndedEvent | SessionRevokedEvent) {
    if (event instanceof SessionRevokedEvent) this.publisher.disconnectSession(event.sessionId);
    else this.publisher.disconnectUser(event.userId);
  }
}
