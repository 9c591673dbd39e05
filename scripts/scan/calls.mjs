/**
 * The calls sqlmap attacks, derived from the server's own OpenAPI document (/api/docs-json), so
 * a new route or parameter is scanned without touching this suite. Each call becomes one
 * sqlmap target: every path parameter, query parameter, JSON body value (nested ones included)
 * and multipart text field carries sqlmap's custom injection marker `*`, filled with a valid
 * value (a real record of the scan, a documented example or default, else a plain value of the
 * type) so that a payload reaches the handler with the rest of the request valid.
 *
 * Who makes each call (product.mjs has the sessions): the console's calls the operator, signed
 * in through admin-login; multipart uploads the uploader (a load-test member, exempt from the
 * upload limits); other calls with a bearer token the scanning member; public calls nobody.
 *
 * A call this file cannot make valid (a path parameter naming a record it does not know, a body
 * type it cannot write) is `unresolved`, with what to do: the suite fails on it rather than scan
 * it with a made-up id that every payload would meet as 404.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Calls left out, each with its reason (in summary.json and docs/security.md "Scanners").
 * Everything else documented is scanned.
 */
const SKIPPED = [
  {
    // logout and logout-all among them: they would end the session they are made with, but
    // there is nothing to inject, so the scan's sessions are never ended by a call of its own.
    test: (call) =>
      !call.operation.requestBody &&
      !(call.operation.parameters ?? []).some((p) => p.in === 'path' || p.in === 'query'),
    reason:
      'no parameter to inject: no path, query or body value (the bearer token is checked by its signature before any query)',
  },
];

/** Never a member's password (random, no dash: nothing sqlmap could cut down to a real one). */
const WRONG_PASSWORD = randomBytes(12).toString('hex');

/** The console's calls: the AdminOnly decorator documents 403 ADMIN_ONLY; its routes live under /api/admin/. */
export const isConsole = (call) =>
  call.path.startsWith('/api/admin/') || /ADMIN_ONLY/.test(call.operation.responses?.['403']?.description ?? '');

/** Calls made with the operator's token although any member may make them: opening the console. */
const OPERATOR_CALLS = new Set(['/api/auth/admin-session']);

/** Logins made with the credentials of one of the scan's sessions, so they succeed. */
const LOGINS = { '/api/auth/login': 'member', '/api/auth/admin-login': 'admin' };

/**
 * Calls scanned only once others are done, by path. admin-login's wrong passwords count against
 * the operator's e-mail, and 100 failures in 15 minutes lock it (R-ACCOUNT-LOCKOUT);
 * admin-session counts against the same ceiling, so it is scanned first, while its valid
 * request still opens the console (scanned beside it, it met a wall of 429s).
 */
const SCANNED_AFTER = { '/api/auth/admin-login': ['POST /api/auth/admin-session'] };

/**
 * The record a path parameter names, by the call's path and the parameter's name: the first
 * rule that matches. Names are fields of product.mjs's data (shared by the calls, never used up).
 */
const PATH_RECORDS = [
  { test: (c, p) => p === 'sellerId', record: 'seller' },
  // The after-sale calls are about the auction the member bought from the seller.
  { test: (c, p) => p === 'auctionId', record: 'soldAuction' },
  { test: (c, p) => p === 'archivedId', record: 'archivedAuction' },
  { test: (c, p) => p === 'userId', record: 'member' },
  { test: (c) => c.path.startsWith('/api/users/{id}'), record: 'member' },
  { test: (c) => c.path.startsWith('/api/auctions/user/{id}'), record: 'seller' },
  // A bid's calls (retraction, the operator's cancel) name the member's bid; a retraction's
  // auction is that bid's.
  { test: (c, p) => p === 'bidId' || c.path.startsWith('/api/admin/bids/{id}'), record: 'bid' },
  { test: (c) => c.path.includes('/bids/{bidId}'), record: 'bid', field: 'auctionId' },
  { test: (c) => c.path.startsWith('/api/auctions/{id}/confirm-deal'), record: 'soldAuction' },
  // Writes to the listing itself are its owner's; bids, maximums, watching and reads go to
  // the other member's auction (a member may not bid on their own).
  { test: (c) => c.path === '/api/auctions/{id}' && c.method !== 'get', record: 'ownAuction' },
  { test: (c) => c.path.startsWith('/api/auctions/{id}'), record: 'otherAuction' },
  { test: (c) => c.path.startsWith('/api/notifications/{id}'), record: 'notification' },
  // The console: another member (never the scanning one: see USES_UP), the sold auction (it
  // has bids and a conversation), and the content the operator made.
  { test: (c) => c.path.startsWith('/api/admin/users/{id}'), record: 'seller' },
  { test: (c) => c.path.startsWith('/api/admin/auctions/{id}'), record: 'soldAuction' },
  { test: (c) => c.path.startsWith('/api/admin/contact-messages/{id}'), record: 'contactMessage' },
  { test: (c) => c.path.startsWith('/api/banners/{id}'), record: 'banner' },
  { test: (c) => c.path.startsWith('/api/site-content/features/{id}'), record: 'feature' },
];

/**
 * Calls that use up or spoil the record their path names: each gets a fresh record of the same
 * kind (FRESH), so the shared records, and the sessions of the scan, last to its end. Every
 * deletion of the record a path ends with is one; so are a purchase, a new password (it signs
 * its member out everywhere) and a bid's retraction or cancel.
 */
const USES_UP = (call) =>
  (call.method === 'delete' && call.path.endsWith('}')) ||
  [
    'post /api/auctions/{id}/buy-now',
    'put /api/admin/users/{id}/password',
    'post /api/auctions/{id}/bids/{bidId}/retract',
    'post /api/admin/bids/{id}/cancel',
  ].includes(`${call.method} ${call.path}`);

/** A fresh record in place of a shared one (product.mjs `fresh`). */
const FRESH = {
  member: (data) => data.fresh.member(),
  seller: (data) => data.fresh.member(),
  ownAuction: (data) => data.fresh.auction('member'),
  otherAuction: (data) => data.fresh.auction('seller'),
  soldAuction: (data) => data.fresh.auction('seller'),
  banner: (data) => data.fresh.banner(),
  feature: (data) => data.fresh.feature(),
  contactMessage: (data) => data.fresh.contactMessage(),
  bid: (data) => data.fresh.bid(),
};

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

/** A valid example of a schema: documented examples and defaults first, then a plain value of its type. */
function exampleOf(resolve, raw) {
  const schema = resolve(raw);
  if (!schema) return 'نص';
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
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
 * injection points sqlmap can fill), but the values of the top-level keys in `unmarked`. sqlmap
 * strips the marker before sending.
 * @param {unknown} value
 * @param {string[]} [unmarked]
 */
export function markedJson(value, unmarked = []) {
  if (typeof value === 'string') return JSON.stringify(`${value}*`);
  if (typeof value === 'number') return `${value}*`;
  if (Array.isArray(value)) return `[${value.map((v) => markedJson(v)).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${unmarked.includes(k) ? JSON.stringify(v) : markedJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** sqlmap's injection points in a target: one per marker in its URL, body and headers. */
export const markersOf = (target) =>
  [target.url, target.data ?? '', ...target.headers].reduce((n, text) => n + (text.match(/\*/g)?.length ?? 0), 0);

/**
 * A file part's bytes as sqlmap carries them: `\xNN` for every byte. sqlmap's arguments are text
 * (an image's NUL bytes cannot be in them), and sqlmap turns each `\xNN` of a body back into its
 * byte when it sends the request (lib/core/convert.py getBytes), so the server gets the image.
 */
export const escapedBytes = (buffer) => [...buffer].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');

/**
 * A multipart body: each text field with its value and a marker, each file field (one file per
 * field, for an array of files too) the scan's image, with a marker in its file name (the one
 * input of a form that holds only a file). Throws when a field is neither.
 */
function markedMultipart(resolve, schema, valueOf, image) {
  const boundary = `----mazadScan${randomBytes(8).toString('hex')}`;
  const isFile = (s) => resolve(s)?.format === 'binary';
  const parts = Object.entries(schema.properties ?? {}).map(([name, raw]) => {
    const field = resolve(raw);
    if (isFile(field) || (field?.type === 'array' && isFile(field.items)))
      return `Content-Disposition: form-data; name="${name}"; filename="scan.png*"\r\nContent-Type: image/png\r\n\r\n${image}`;
    const value = valueOf(name, exampleOf(resolve, field));
    if (!['string', 'number'].includes(typeof value))
      throw new Error(`multipart field ${name} is neither a file nor a text value: teach markedMultipart its form`);
    return `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}*`;
  });
  return {
    body: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Body values sent without a marker, by call. The fixtures call's counts: to see whether a page
 * changes, sqlmap first replaces a value with a random number of four digits, and such a
 * request made up to 5,000 members and 100 auctions (one took 62 s and slowed every other call).
 * Nothing is lost: sqlmap's payloads after a number ("1 AND 1=1") are no JSON, so a numeric JSON
 * value only ever reaches the JSON parser, which the other numbers of the scan exercise.
 */
const UNMARKED = { '/api/admin/load-test/fixtures': ['members', 'auctions'] };

/**
 * Body values only the scan knows: the sessions' own credentials make a login succeed; a current
 * password unrelated to the member's keeps change-credentials from changing the scanning
 * session's account (the documented example is the test members' password, and sqlmap's own
 * variations of a value that merely contains it, "not-secret123", include "secret123").
 */
function bodyValue(call, name, example, data) {
  const login = LOGINS[call.path];
  if (login && (name === 'email' || name === 'password')) return data[login][name];
  if (name === 'adminPassword') return data.admin.panelPassword;
  if (name === 'currentPassword') return WRONG_PASSWORD;
  // The after-sale calls (chat, rating) are about the auction the member bought from the seller.
  if (name === 'auctionId') return data.soldAuction.id;
  if (name === 'receiverId') return data.seller.id;
  // Images must be the caller's own (IMAGE_NOT_OWNED otherwise).
  if (name === 'images') return call.session === 'admin' ? data.admin.images : data.ownAuction.images;
  if (name === 'expectedPrice') return data.buyNowPrice;
  // One member and one auction per fixtures request (the example, 200 members, would make 200
  // accounts for each of sqlmap's requests).
  if (call.path === '/api/admin/load-test/fixtures' && ['members', 'auctions'].includes(name)) return 1;
  return example;
}

/** Who makes the call: 'admin', 'uploader', 'member' or nobody (product.mjs has their tokens). */
function sessionOf(call) {
  if (isConsole(call) || OPERATOR_CALLS.has(call.path)) return 'admin';
  if (call.operation.requestBody?.content?.['multipart/form-data']) return 'uploader';
  if (call.operation.security?.length) return 'member';
  return undefined;
}

/**
 * @typedef {{ url: string, member: { id: string, email: string, password: string, token: string },
 *   admin: { id: string, email: string, password: string, panelPassword: string, token: string, images: string[] },
 *   uploader: { id: string, token: string }, seller: { id: string }, ownAuction: { id: string, images: string[] },
 *   otherAuction: { id: string }, soldAuction: { id: string }, archivedAuction: { id: string },
 *   message: { id: string }, notification: { id: string }, banner: { id: string }, feature: { id: string },
 *   contactMessage: { id: string }, buyNowPrice: number,
 *   fresh: Record<string, (...args: any[]) => Promise<{ id: string }>> }} ScanData
 * @typedef {{ name: string, method: string, path: string, url: string, data?: string,
 *   headers: string[], session?: string, after: string[], console: boolean, upload: boolean,
 *   tamper: string[], points: number }} SqlmapTarget
 */

/**
 * Every documented call: `targets` for sqlmap, `skipped` with their reasons, `unresolved` with
 * what to do (the suite fails on these).
 * @param {any} doc the OpenAPI document
 * @param {ScanData} data
 * @param {Buffer} image the image of every file field (a small real one: the server decodes it)
 * @returns {Promise<{ targets: SqlmapTarget[], skipped: { name: string, reason: string }[],
 *   unresolved: { name: string, reason: string }[] }>}
 */
export async function sqlmapTargets(doc, data, image) {
  const resolve = resolver(doc);
  const escapedImage = escapedBytes(image);
  const targets = [];
  const skipped = [];
  const unresolved = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const call = { path, method, operation, name: `${method.toUpperCase()} ${path}` };
      const skip = SKIPPED.find((s) => s.test(call));
      if (skip) {
        skipped.push({ name: call.name, reason: skip.reason });
        continue;
      }
      call.session = sessionOf(call);
      try {
        const made = await target(call, data, resolve, escapedImage);
        if (made.points) targets.push(made);
        else skipped.push({ name: call.name, reason: 'only true/false values: nothing sqlmap can fill' });
      } catch (error) {
        unresolved.push({ name: call.name, reason: error.message });
      }
    }
  }
  return { targets, skipped, unresolved };
}

/** One call's sqlmap target; throws, saying what to do, when it cannot be made valid. */
async function target(call, data, resolve, escapedImage) {
  const { path, method, operation } = call;
  const parameters = operation.parameters ?? [];
  let urlPath = path;
  const query = [];
  const headers = [];
  const tamper = [];
  // One fresh record of a kind per call: a retraction's bid and auction are the same bid's.
  const freshRecords = new Map();
  const freshRecord = async (kind) => {
    if (!freshRecords.has(kind)) freshRecords.set(kind, await FRESH[kind]?.(data));
    return freshRecords.get(kind);
  };
  for (const p of parameters) {
    if (p.in === 'path') {
      const rule = PATH_RECORDS.find((r) => r.test(call, p.name));
      if (!rule)
        throw new Error(
          `no real record for path parameter "${p.name}": add a rule to PATH_RECORDS in scripts/scan/calls.mjs (seed the record in product.mjs)`,
        );
      const record = USES_UP(call) ? await freshRecord(rule.record) : data[rule.record];
      const value = record?.[rule.field ?? 'id'];
      if (!value)
        throw new Error(
          `no ${USES_UP(call) ? 'fresh ' : ''}"${rule.record}" record: add it to product.mjs (and FRESH)`,
        );
      urlPath = urlPath.replace(`{${p.name}}`, `${encodeURIComponent(value)}*`);
    }
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
  const content = operation.requestBody?.content ?? {};
  const valueOf = (name, example) => bodyValue(call, name, example, data);
  if (content['application/json']) {
    const example = exampleOf(resolve, content['application/json'].schema);
    body = markedJson(Object.fromEntries(Object.entries(example).map(([k, v]) => [k, valueOf(k, v)])), UNMARKED[path]);
    headers.push('Content-Type: application/json');
  } else if (content['multipart/form-data']) {
    const form = markedMultipart(resolve, resolve(content['multipart/form-data'].schema), valueOf, escapedImage);
    body = form.body;
    headers.push(`Content-Type: ${form.contentType}`);
  } else if (Object.keys(content).length) {
    throw new Error(
      `request body ${Object.keys(content).join(', ')}: teach target() in scripts/scan/calls.mjs to write it`,
    );
  }

  if (call.session) headers.push(`Authorization: Bearer ${data[call.session].token}`);
  const scanTarget = {
    name: call.name,
    method: method.toUpperCase(),
    path,
    url: `${data.url}${urlPath}${query.length ? `?${query.join('&')}` : ''}`,
    data: body,
    headers,
    session: call.session,
    after: SCANNED_AFTER[path] ?? [],
    console: isConsole(call),
    upload: Boolean(content['multipart/form-data']),
    tamper,
  };
  return { ...scanTarget, points: markersOf(scanTarget) };
}
