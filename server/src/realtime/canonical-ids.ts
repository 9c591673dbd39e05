import { canonicalId } from '../common/validation/ids';

/** A top-level payload field that names a row: `id`, `auctionId`, `receiverId`… */
const isIdField = (name: string) => name === 'id' || name.endsWith('Id');

/**
 * Socket.IO packet middleware (`socket.use`), the socket's edge for ids: every client event
 * reaches its handler with its ids in their one spelling (canonicalId), whichever handler it is
 * and whichever event is added later. An event names its auction either as the payload itself
 * (the room requests: `join_auction 'A0EE…'`) or as an `…Id` field (`place_bid { auctionId }`).
 * Only UUIDs change; anything else is left for the handler's own validation to refuse
 * (INVALID_ID), so this never answers by itself.
 */
export function canonicalizeIds(packet: unknown[], next: (err?: Error) => void): void {
  const payload = packet[1];
  if (typeof payload === 'string') {
    packet[1] = canonicalId(payload) ?? payload;
  } else if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
    const fields = payload as Record<string, unknown>;
    for (const name of Object.keys(fields)) {
      if (isIdField(name)) fields[name] = canonicalId(fields[name]) ?? fields[name];
    }
  }
  next();
}
