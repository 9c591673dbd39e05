/** One token was revoked (logout): the sockets opened with it are closed on every replica. */
export class SessionRevokedEvent {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {}
}
