import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ERRORS } from '@mazad/contracts';
import { hasForbiddenCharacters } from '../../src/common/validation/text-hygiene';
import { pngImage } from '../support/auction-forms';
import { FakeTelegramBotApi } from '../support/fake-telegram';
import { forbiddenCharacter, ordinaryText } from '../support/hostile-text';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-INPUT-HYGIENE, the property: every string field of every route — built from the Nest router's own
 * OpenAPI document, so a new route or field is covered without touching this file — answers a
 * hostile value with a 4xx in the error format, never a 5xx.
 *
 * Each field gets every value of HOSTILE once (NUL, other control characters, lone surrogates,
 * bidi overrides, 10,000-deep nesting, oversize strings; in JSON bodies also `__proto__` and
 * `constructor` keys and an array in place of the string), with the other fields of the request
 * valid (from the documented examples), so the hostile value reaches the handler when validation
 * lets it through. Then fast-check sends a bounded number of random hostile strings to random
 * fields. Bidi controls are the one class a field may accept (multi-line free text, see
 * text-hygiene.ts); single-line fields (documented "(one line)") must refuse them.
 */

type Location = 'path' | 'query' | 'json' | 'multipart';

interface Field {
  name: string;
  type?: string;
  description?: string;
  isArray: boolean;
}

interface Target {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  location: Location;
  /** Dotted path inside the body ("scheduleInfo.details"), or the parameter's name. */
  field: string;
  singleLine: boolean;
  isArray: boolean;
}

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  example?: unknown;
  enum?: unknown[];
  description?: string;
  allOf?: Schema[];
};

interface Hostile {
  label: string;
  /** Text for JSON and multipart bodies. */
  body: string;
  /** Text for a query string or a path segment (already percent-encoded). */
  url: string;
  /**
   * A 4xx is required whatever the field (false: bidi controls, which multi-line free text may
   * accept; control characters are checked on what actually arrives, see mustRefuse()).
   */
  alwaysRefused: boolean;
  deep?: boolean;
  /** JSON text sent in place of the string in JSON bodies (a value of another shape). */
  json?: string;
  /** Refused in JSON bodies whatever the field (a `__proto__` key). */
  refusedInJson?: boolean;
}

/** Percent-encodes UTF-16 as the bytes a client would send, lone surrogates included (WTF-8). */
function encodeUnits(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i]);
  }
  return out;
}

const hostile = (label: string, text: string): Hostile => ({
  label,
  body: text,
  url: encodeUnits(text),
  alwaysRefused: false,
});

const HOSTILE: Hostile[] = [
  hostile('NUL inside', 'سارة\u0000أحمد'),
  hostile('NUL alone', '\u0000'),
  hostile('escape and bell', '\u001b[2J\u0007نص'),
  hostile('DEL and C1', 'نص\u007f\u0085'),
  hostile('lone high surrogate', 'نص\ud800'),
  hostile('lone low surrogate', '\udc00'),
  hostile('bidi override', 'سارة \u202Egnp.exe\u202C'),
  hostile('bidi isolate', '\u2067نص\u2069'),
  { label: 'oversize', body: 'ا'.repeat(20_000), url: 'a'.repeat(6_000), alwaysRefused: true },
  { label: '10,000-deep nesting', body: '', url: '', alwaysRefused: true, deep: true },
  { ...hostile('__proto__ key', '__proto__'), json: '{"__proto__":{"isAdmin":true}}', refusedInJson: true },
  { ...hostile('constructor key', 'constructor'), json: '{"constructor":{"prototype":{}}}', refusedInJson: true },
  { ...hostile('array instead of an object', 'نص'), json: '[{"a":1}]' },
];

/**
 * Whether the value must be refused where it is sent. JSON carries lone surrogates as escapes
 * (they arrive and must be refused); multipart text and percent-encoded URLs carry bytes, where
 * a lone surrogate can only arrive as U+FFFD, a valid character.
 */
function mustRefuse(value: Hostile, location: Location): boolean {
  if (value.alwaysRefused || (location === 'json' && value.refusedInJson)) return true;
  const arrives = location === 'json' ? value.body : Buffer.from(value.body, 'utf8').toString('utf8');
  return hasForbiddenCharacters(arrives);
}

const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
const ARABIC = /[\u0600-\u06FF]/;

describe('hostile values in every string field of every route never give a 5xx', () => {
  let t: TestApp;
  let telegram: FakeTelegramBotApi;
  let admin: TestUser;
  let png: Buffer;
  let document: OpenAPIObject;
  let targets: Target[];
  const snapshots = new Map<string, unknown>();
  const RESTORED = ['banners', 'site_banner', 'site_features', 'announcement_content', 'contact_messages'];

  beforeAll(async () => {
    // Limits off so that requests reach validation and the handlers instead of stopping at a 429.
    // A stand-in Bot API, so the Telegram routes run instead of answering 503 (not configured).
    telegram = await new FakeTelegramBotApi().start();
    t = await startTestApp({ RATE_LIMITS: 'off', TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.token });
    // A password no documented example uses, so change-credentials never succeeds.
    admin = await createUser(t, { isAdmin: true, adminSession: true, password: `P-${randomUUID()}` });
    png = await pngImage();
    document = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
    targets = collectTargets(document);
    // Content the admin routes may really change (bidi text is accepted in free text): put back afterwards.
    const db = t.app.get(DataSource);
    for (const table of RESTORED) {
      const [row] = await db.query(`SELECT coalesce(json_agg(t), '[]'::json) AS rows FROM ${table} t`);
      snapshots.set(table, row.rows);
    }
  });

  afterAll(async () => {
    const db = t.app.get(DataSource);
    await db.query(`DELETE FROM auctions WHERE seller_id = $1`, [admin.user.id]);
    for (const table of RESTORED) {
      await db.query(`DELETE FROM ${table}`);
      await db.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [
        JSON.stringify(snapshots.get(table)),
      ]);
    }
    await t.close();
    await telegram.stop();
  });

  function resolve(schema: Schema | undefined): Schema | undefined {
    if (!schema) return undefined;
    if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!] as Schema);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  }

  /** Every string-carrying field of a body schema, nested objects included ("scheduleInfo.details"). */
  function bodyFields(schema: Schema | undefined, prefix = ''): Field[] {
    const resolved = resolve(schema);
    return Object.entries(resolved?.properties ?? {}).flatMap(([name, raw]) => {
      const property = resolve(raw) ?? {};
      const path = prefix ? `${prefix}.${name}` : name;
      if (property.format === 'binary' || resolve(property.items)?.format === 'binary') return [];
      if (property.properties) return bodyFields(property, path);
      const isArray = property.type === 'array';
      if (isArray && resolve(property.items)?.properties) return [];
      return [{ name: path, type: property.type, description: raw.description ?? property.description, isArray }];
    });
  }

  function collectTargets(doc: OpenAPIObject): Target[] {
    const list: Target[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations as Record<string, Record<string, unknown>>)) {
        const parameters = (op.parameters ?? []) as { in: string; name: string }[];
        for (const p of parameters) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          list.push({
            method: method as Target['method'],
            path,
            location: p.in as Location,
            field: p.name,
            singleLine: false,
            isArray: false,
          });
        }
        const content =
          (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
        for (const [type, { schema }] of Object.entries(content)) {
          const location: Location = type.includes('multipart') ? 'multipart' : 'json';
          for (const f of bodyFields(schema)) {
            list.push({
              method: method as Target['method'],
              path,
              location,
              field: f.name,
              singleLine: /\(one line\)$/.test(f.description ?? ''),
              isArray: f.isArray,
            });
          }
        }
      }
    }
    return list;
  }

  /** A valid example of a schema: documented examples first, then a plain value of the type. */
  function example(raw: Schema | undefined): unknown {
    const schema = resolve(raw);
    if (!schema) return 'نص';
    if (schema.example !== undefined) return schema.example;
    if (schema.enum?.length) return schema.enum[0];
    if (schema.properties) {
      return Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([, p]) => resolve(p)?.format !== 'binary')
          .map(([k, p]) => [k, example(p)]),
      );
    }
    if (schema.type === 'array') return [];
    if (schema.type === 'integer' || schema.type === 'number') return 1;
    if (schema.type === 'boolean') return true;
    if (schema.format === 'uuid') return randomUUID();
    return 'نص';
  }

  function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
    const keys = dotted.split('.');
    let node = target;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]] = value;
  }

  /** Ids in paths: the caller's own id where the route is about a member, a fresh UUID otherwise. */
  function pathValue(template: string, name: string): string {
    if (name === 'userId' || name === 'sellerId' || (name === 'id' && template.startsWith('/api/users/'))) {
      return admin.user.id;
    }
    return randomUUID();
  }

  async function send(target: Target, value: Hostile) {
    const op = (document.paths[target.path] as Record<string, Record<string, unknown>>)[target.method];
    const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
    let url = target.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      target.location === 'path' && name === target.field
        ? value.url || encodeUnits(DEEP.slice(0, 64))
        : pathValue(target.path, name),
    );
    if (target.location === 'query') {
      url += value.deep ? `?${target.field}${'[a]'.repeat(2_000)}=1` : `?${target.field}=${value.url}`;
    }
    let req = t.http()[target.method](url).set(admin.auth);
    if (target.location === 'json' || (target.location !== 'multipart' && content['application/json'])) {
      const body = example(content['application/json']?.schema) as Record<string, unknown>;
      if (target.location !== 'json') return req.send(body);
      const placeholder = `__hostile_${randomUUID()}__`;
      setPath(body, target.field, target.isArray ? ['/uploads/a.webp', placeholder] : placeholder);
      const text = JSON.stringify(body).replace(
        JSON.stringify(placeholder),
        value.deep ? DEEP : (value.json ?? JSON.stringify(value.body)),
      );
      return req.type('json').send(text);
    }
    if (target.location === 'multipart' || content['multipart/form-data']) {
      const schema = resolve(content['multipart/form-data']?.schema);
      for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
        const property = resolve(raw) ?? {};
        if (property.format === 'binary' || resolve(property.items)?.format === 'binary') {
          req = req.attach(name, png, { filename: 'photo.png', contentType: 'image/png' });
        } else if (target.location === 'multipart' && name === target.field) {
          req = value.deep ? req.field(`${name}${'[a]'.repeat(30)}`, 'x') : req.field(name, value.body);
        } else {
          req = req.field(name, String(example(property)));
        }
      }
      return req;
    }
    return req;
  }

  function check(target: Target, value: Hostile, res: { status: number; body: Record<string, unknown> }) {
    const where = `${target.method.toUpperCase()} ${target.path} ${target.location}:${target.field} ← ${value.label}`;
    expect({ where, status: res.status < 500 ? 'below 500' : res.status }).toEqual({ where, status: 'below 500' });
    if (mustRefuse(value, target.location) || (target.singleLine && /[\u202A-\u202E\u2066-\u2069]/.test(value.body))) {
      expect({ where, status: res.status >= 400 ? '4xx' : res.status }).toEqual({ where, status: '4xx' });
    }
    if (res.status >= 400) {
      const body = res.body;
      expect({ where, ok: body.statusCode === res.status }).toEqual({ where, ok: true });
      expect({ where, known: typeof body.code === 'string' && body.code in ERRORS }).toEqual({ where, known: true });
      expect({ where, arabic: ARABIC.test(String(body.message)) && body.error === body.message }).toEqual({
        where,
        arabic: true,
      });
    }
  }

  it('finds the routes and their fields from the router (every controller is represented)', () => {
    const paths = new Set(targets.map((x) => x.path));
    for (const path of [
      '/api/auth/register',
      '/api/otp/verify-otp',
      '/api/auctions',
      '/api/auctions/{id}',
      '/api/users/{id}',
      '/api/banners',
      '/api/site-content/banner',
      '/api/announcement-content',
      '/api/admin/users',
      '/api/admin/auctions',
      '/api/messages',
      '/api/users/{sellerId}/rate',
      '/api/contact',
      '/api/admin/contact-messages/{id}',
      '/api/users/{id}/archived-auctions',
      '/api/auctions/{id}/bid',
      '/api/admin/stats/daily',
    ]) {
      expect({ path, covered: paths.has(path) }).toEqual({ path, covered: true });
    }
    const fields = targets.map((x) => `${x.method} ${x.path} ${x.location}:${x.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'post /api/auth/register json:name',
        'put /api/announcement-content json:scheduleInfo.details',
        'put /api/announcement-content json:images',
        'post /api/auctions multipart:title',
        'get /api/auctions query:search',
      ]),
    );
    expect(targets.length).toBeGreaterThan(100);
  });

  it('every field × every hostile value: a 4xx in the error format, never a 5xx', async () => {
    for (const target of targets) {
      for (const value of HOSTILE) {
        const res = await send(target, value);
        check(target, value, res);
      }
    }
  });

  it('random hostile strings in random fields (fast-check, bounded runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: targets.length - 1 }),
        ordinaryText,
        forbiddenCharacter,
        ordinaryText,
        async (index, before, bad, after) => {
          const target = targets[index];
          const value = hostile('generated', `${before}${bad}${after}`);
          const res = await send(target, value);
          check(target, value, res);
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });
});
