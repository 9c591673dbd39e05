import { Transform } from 'class-transformer';
import { isUUID } from 'class-validator';

/**
 * The one spelling of an id: a UUID in lower case (as PostgreSQL writes it back), or undefined
 * for anything that is not a UUID. PostgreSQL reads `A0EE…` and `a0ee…` as the same row, but
 * everything keyed on the id OUTSIDE SQL (the bid queue and its Redis lock, the socket room and
 * the broadcast, the view counter, the idempotency scope, the end job) compares strings: a
 * second spelling would be a second auction there. So every edge hands ids on in this form:
 * route ids through ParseIdPipe, ids in bodies and queries through CanonicalId(), socket
 * events through the gateway's packet middleware (realtime/canonical-ids.ts).
 */
export function canonicalId(value: unknown): string | undefined {
  return typeof value === 'string' && isUUID(value) ? value.toLowerCase() : undefined;
}

/**
 * A DTO field holding an id: a UUID in any letter case becomes its canonical spelling before
 * validation; anything else is left for the field's IsUUID to refuse with its Arabic message.
 */
export const CanonicalId = () => Transform(({ value }: { value: unknown }) => canonicalId(value) ?? value);

/**
 * For code that builds a key from an id outside SQL: an id not in its canonical spelling here
 * is a bug of the edge that let it in, so it fails loudly instead of splitting the key.
 */
export function assertCanonicalId(id: string): void {
  if (canonicalId(id) !== id) throw new Error(`Id not in its canonical spelling: ${JSON.stringify(id)}`);
}

/**
 * A request path with each UUID segment in its canonical spelling
 * (`/api/auctions/A0EE…/bid` → `/api/auctions/a0ee…/bid`): for what keys on the path before
 * the route's ParseIdPipe has run (the idempotency scope).
 */
export const canonicalPath = (path: string) =>
  path
    .split('/')
    .map((segment) => canonicalId(segment) ?? segment)
    .join('/');
