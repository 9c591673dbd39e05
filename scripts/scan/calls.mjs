/**
 * The calls sqlmap attacks, derived from the server's own OpenAPI document (/api/docs-json), so
 * a new route or parameter is scanned without touching this suite. Each call becomes one
 * sqlmap target: every path parameter, query parameter and JSON body value (nested ones
 * included) carries sqlmap's custom injection marker `*`, filled with a valid value (a real id
 * of the scan's data, a documented example, else a plain value of the type) so that a payload
 * reaches the handler with the rest of the request valid. Member calls carry the member's
 * bearer token.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Calls left out, each with its reason (printed in the report). Everything else documented is
 * scanned.
 */
const SKIPPED = [
  {
    test: (call) => ['/api/auth/logout', '/api/auth/logout-all'].includes(call.path),
    reason: 'ends the scanning member’s session (the next calls would all answer 401)',
  },
  {
    // 403 documented as ADMIN_ONLY: a member's token is refused before any parameter is read.
    test: (call) => /ADMIN_ONLY/.test(call.operation.responses?.['403']?.description ?? ''),
    reason: 'console call: a member is refused (403 ADMIN_ONLY) before any parameter is read',
  },
  {
    // sqlmap cannot put the images a multipart form needs into --data; the text fields of the
    // listing reach the same rules through PUT /api/auctions/{id}, which is scanned.
    test: (call) => Object.keys(call.operation.requestBody?.content ?? {}).some((t) => t.includes('multipart')),
    reason: 'multipart upload (binary images); the listing’s text fields are scanned through PUT /api/auctions/{id}',
  },
];

/** Never a member's password (random, no dash: nothing sqlmap could cut down to a real one). */
const WRONG_PASSWORD = randomBytes(12).toString('hex');

/** Calls that use up their auction (it is deleted, or sold): each gets a fresh one. */
const CONSUMES_AUCTION = new Set(['delete /api/auctions/{id}', 'post /api/auctions/{id}/buy-now']);

/** A resolver of `$ref` and one-element `allOf` against the document's components. */
function resolver(doc) {
  const resolve = (schema) => {
    if (!schema) return undefined;
    if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  };
  return resolve;
}

/** A valid example of a schema: documented examples first, then a plain value of its type. */
function exampleOf(resolve, raw) {
  const schema = resolve(raw);
  if (!schema) return 'نص';
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, exampleOf(resolve, p)]));
  }
  if (schema.type === 'array') return [exampleOf(resolve, schema.items)];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'uuid') return randomUUID();
  return 'نص';
}

/**
 * JSON text with sqlmap's marker after every string and number (booleans and nulls are not
 * injection points sqlmap can fill). sqlmap strips the marker before sending.
 */
export function markedJson(value) {
  if (typeof value === 'string') return JSON.stringify(`${value}*`);
  if (typeof value === 'number') return `${value}*`;
  if (Array.isArray(value)) return `[${value.map(markedJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${markedJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The value of a path parameter: the scan's real ids, so the call gets past "not found".
 * @param {{ path: string, method: string }} call
 * @param {string} name
 * @param {ScanData} data
 */
function pathValue(call, name, data) {
  if (name === 'sellerId') return data.seller.id;
  if (name === 'auctionId') return data.soldAuction.id;
  if (name === 'userId' || (name === 'id' && call.path.startsWith('/api/users/'))) return data.member.id;
  if (call.path.startsWith('/api/auctions/user/')) return data.seller.id;
  if (call.path.startsWith('/api/auctions/')) {
    if (call.auction) return call.auction.id;
    if (call.path.endsWith('/confirm-deal')) return data.soldAuction.id;
    // Writes to a listing are the owner's; bids and reads go to the other member's auction.
    return call.method === 'put' ? data.ownAuction.id : data.otherAuction.id;
  }
  return randomUUID();
}

/**
 * Body values only the scan knows: the member's own credentials make a login succeed; a current
 * password unrelated to the member's keeps change-credentials from changing the scanning
 * session's account (the documented example is the test members' password, and sqlmap's own
 * variations of a value that merely contains it, "not-secret123", include "secret123").
 */
function bodyValue(call, name, example, data) {
  if (call.path === '/api/auth/login' && name === 'email') return data.member.email;
  if (call.path === '/api/auth/login' && name === 'password') return data.member.password;
  if (name === 'currentPassword') return WRONG_PASSWORD;
  // The after-sale calls (chat, rating) are about the auction the member bought from the seller.
  if (name === 'auctionId') return data.soldAuction.id;
  if (name === 'receiverId') return data.seller.id;
  if (name === 'images') return data.ownAuction.images;
  if (name === 'expectedPrice') return data.buyNowPrice;
  return example;
}

/**
 * @typedef {{ url: string, member: { id: string, email: string, password: string, token: string },
 *   seller: { id: string }, ownAuction: { id: string, images: string[] }, otherAuction: { id: string },
 *   soldAuction: { id: string }, message: { id: string }, buyNowPrice: number,
 *   newAuction: (owner: 'member' | 'seller') => Promise<{ id: string }> }} ScanData
 * @typedef {{ name: string, method: string, path: string, url: string, data?: string,
 *   headers: string[], member: boolean, tamper: string[] }} SqlmapTarget
 */

/**
 * Every documented call: `targets` for sqlmap (calls without any parameter are left out:
 * there is nothing to inject), `skipped` with their reasons.
 * @param {any} doc the OpenAPI document
 * @param {ScanData} data
 * @returns {Promise<{ targets: SqlmapTarget[], skipped: { name: string, reason: string }[] }>}
 */
export async function sqlmapTargets(doc, data) {
  const resolve = resolver(doc);
  const targets = [];
  const skipped = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const call = { path, method, operation, name: `${method.toUpperCase()} ${path}` };
      const skip = SKIPPED.find((s) => s.test(call));
      if (skip) {
        skipped.push({ name: call.name, reason: skip.reason });
        continue;
      }
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      if (!json && !parameters.some((p) => p.in === 'path' || p.in === 'query')) {
        skipped.push({ name: call.name, reason: 'no parameter to inject' });
        continue;
      }
      if (CONSUMES_AUCTION.has(`${method} ${path}`))
        call.auction = await data.newAuction(method === 'delete' ? 'member' : 'seller');

      let urlPath = path;
      const query = [];
      const headers = [];
      const tamper = [];
      for (const p of parameters) {
        if (p.in === 'path')
          urlPath = urlPath.replace(`{${p.name}}`, `${encodeURIComponent(pathValue(call, p.name, data))}*`);
        // A page of messages is read before or after a message, not both.
        else if (p.in === 'query' && p.name === 'after' && parameters.some((q) => q.name === 'before')) continue;
        else if (p.in === 'query') {
          // A member filter gets a member who has auctions, a chat cursor a real message.
          const value = /^(userId|sellerId)$/.test(p.name)
            ? data.seller.id
            : p.name === 'before'
              ? data.message.id
              : exampleOf(resolve, p.schema);
          query.push(`${p.name}=${encodeURIComponent(String(value))}*`);
        } else if (p.in === 'header' && /^idempotency-key$/i.test(p.name) && !tamper.length) {
          // The first request's key; every payload request gets a new one (see the tamper script).
          headers.push(`Idempotency-Key: ${randomUUID()}`);
          tamper.push('fresh_idempotency_key');
        }
      }
      let body;
      if (json) {
        const example = exampleOf(resolve, json);
        body = Object.fromEntries(Object.entries(example).map(([k, v]) => [k, bodyValue(call, k, v, data)]));
        headers.push('Content-Type: application/json');
      }
      const member = Boolean(operation.security?.length);
      if (member) headers.push(`Authorization: Bearer ${data.member.token}`);
      targets.push({
        name: call.name,
        method: method.toUpperCase(),
        path,
        url: `${data.url}${urlPath}${query.length ? `?${query.join('&')}` : ''}`,
        data: body && markedJson(body),
        headers,
        member,
        tamper,
      });
    }
  }
  return { targets, skipped };
}
