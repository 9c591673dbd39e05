/**
 * Every session of a member ended (logout everywhere, a password change or reset): their
 * tokens no longer work, and open sockets are closed on every replica.
 */
export class SessionsEndedEvent {
  constructor(readonly userId: string) {}
}
