/**
 * The scan suite's verdicts and list of calls (scripts/scan/): what counts as an sqlmap
 * injection or a call sqlmap gave up on, a wapiti finding that fails the suite, a 5xx or a
 * refusal at the door in the product's log, and which calls are scanned, with whose session and
 * what records, skipped or unresolved. The scanners themselves run in the "scan" suite; these
 * check the suite's own logic without them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { escapedBytes, markedJson, sqlmapTargets } from '../scan/calls.mjs';
import { answersOf, readServerLog, templateMatcher } from '../scan/server-log.mjs';
import { levelOf, readFindings, testedPoints } from '../scan/sqlmap.mjs';
import { judge, startPoints } from '../scan/wapiti.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mazad-scan-verdicts-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('sqlmap results file', () => {
  it('a confirmed point is an injection; one sqlmap refuted itself is kept apart', () => {
    const csv = file(
      'results.csv',
      'Target URL,Place,Parameter,Technique(s),Note(s)\n' +
        'http://127.0.0.1:1/a,(custom) POST,JSON #1*,BST,\n' +
        'http://127.0.0.1:1/b,URI,#2*,B,false positive or unexploitable\n',
    );
    const { injections, refuted } = readFindings(csv);
    assert.deepEqual(
      injections.map((p) => p.url),
      ['http://127.0.0.1:1/a'],
    );
    assert.deepEqual(
      refuted.map((p) => p.url),
      ['http://127.0.0.1:1/b'],
    );
  });

  it('the header alone, or no file (sqlmap stopped early), is no injection', () => {
    assert.deepEqual(
      readFindings(file('empty.csv', 'Target URL,Place,Parameter,Technique(s),Note(s)\n')).injections,
      [],
    );
    assert.deepEqual(readFindings(join(dir, 'missing.csv')).injections, []);
  });

  it('counts the points sqlmap tested; one that stopped at the first request tested none', () => {
    const tested =
      "[INFO] testing for SQL injection on (custom) PUT parameter 'JSON #1*'\n" +
      "[WARNING] (custom) PUT parameter 'JSON #1*' does not seem to be injectable\n" +
      "[INFO] testing for SQL injection on URI parameter '#1*'\n";
    assert.equal(testedPoints(tested), 2);
    assert.equal(testedPoints('[INFO] testing connection to the target URL\n[CRITICAL] page not found (404)\n'), 0);
  });

  it('marks every string and number of a JSON body, nested ones included', () => {
    assert.equal(
      markedJson({ a: 'x', n: 1.5, b: true, o: { s: ['y'] } }),
      '{"a":"x*","n":1.5*,"b":true,"o":{"s":["y*"]}}',
    );
  });
});

describe('wapiti report', () => {
  const finding = (info, level) => ({ method: 'GET', path: '/', info, level, parameter: '' });
  it('fails on anything above informational that is not accepted, vulnerabilities and anomalies alike', () => {
    const verdict = judge({
      vulnerabilities: {
        'HTTP Secure Headers': [finding('Strict-Transport-Security is not set', 1)],
        'Cross Site Scripting': [finding('XSS vulnerability found via injection in the parameter q', 3)],
      },
      anomalies: { 'Internal Server Error': [finding('The server responded with a 500 HTTP error code', 3)] },
      infos: {},
    });
    assert.deepEqual(
      verdict.failing.map((f) => f.category),
      ['Cross Site Scripting', 'Internal Server Error'],
    );
    assert.deepEqual(
      verdict.accepted.map((f) => f.category),
      ['HTTP Secure Headers'],
    );
    assert.ok(verdict.accepted[0].reason);
  });

  it('an accepted text under another category still fails', () => {
    const verdict = judge({ vulnerabilities: { 'Open Redirect': [finding('Strict-Transport-Security', 2)] } });
    assert.equal(verdict.failing.length, 1);
  });
});

describe("the product's log", () => {
  it('counts answers per documented call and lists every 5xx', () => {
    const line = (method, url, statusCode) =>
      JSON.stringify({
        level: 30,
        req: { id: `${method}${url}`, method, url },
        res: { statusCode },
        msg: 'request completed',
      });
    const log = file(
      'server.log',
      [
        line('GET', '/api/auctions/abc?x=1', 200),
        line('GET', '/api/auctions/user/abc', 400),
        line('POST', '/api/auth/login', 429),
        line('POST', '/api/messages', 500),
        'not json',
        JSON.stringify({ level: 50, msg: 'something else' }),
      ].join('\n'),
    );
    const { requests, byCall, serverErrors } = readServerLog(log, [
      '/api/auctions/{id}',
      '/api/auctions/user/{id}',
      '/api/auth/login',
      '/api/messages',
    ]);
    assert.equal(requests, 4);
    assert.deepEqual(byCall['GET /api/auctions/{id}'], { 200: 1 });
    assert.deepEqual(byCall['GET /api/auctions/user/{id}'], { 400: 1 });
    assert.deepEqual(byCall['POST /api/auth/login'], { 429: 1 });
    assert.deepEqual(
      serverErrors.map((e) => `${e.method} ${e.url} ${e.status}`),
      ['POST /api/messages 500'],
    );
  });

  // Seen: a POST to a page of the web app with Accept-Encoding was answered 500 with no
  // "request completed" line; only the exception filter's line told of it.
  it('an unexpected error is a 5xx, also without its request line, and counted once', () => {
    const unexpected = (requestId, method, url) =>
      JSON.stringify({
        level: 50,
        context: 'Errors',
        err: { message: 'Attempted to send payload of invalid type', status: 500 },
        requestId,
        method,
        url,
        msg: `Unexpected error on ${method} ${url}`,
      });
    const log = file(
      'unexpected.log',
      [
        unexpected('r1', 'POST', '/'),
        unexpected('r2', 'GET', '/api/messages'),
        JSON.stringify({ level: 50, req: { id: 'r2', method: 'GET', url: '/api/messages' }, res: { statusCode: 500 } }),
      ].join('\n'),
    );
    const { serverErrors } = readServerLog(log, ['/api/messages']);
    assert.deepEqual(serverErrors.map((e) => `${e.id} ${e.method} ${e.url} ${e.status}`).toSorted(), [
      'r1 POST / 500',
      'r2 GET /api/messages 500',
    ]);
  });

  it('tells answers past the door from refusals before the parameters are read', () => {
    assert.deepEqual(answersOf({ 201: 3, 400: 5, 404: 1, 401: 1, 403: 2, 413: 1, 415: 1, 429: 4 }), {
      accepted: 3,
      read: 6,
      door: 9,
    });
    assert.deepEqual(answersOf(undefined), { accepted: 0, read: 0, door: 0 });
  });

  it('matches literal segments before parameters', () => {
    const match = templateMatcher(['/api/users/{id}', '/api/users/change-credentials']);
    assert.equal(match('/api/users/change-credentials'), '/api/users/change-credentials');
    assert.equal(match('/api/users/123'), '/api/users/{id}');
    assert.equal(match('/auction/123'), 'site');
  });
});

describe('the list of calls (sqlmapTargets)', () => {
  const adminOnly = { 403: { description: 'ADMIN_ONLY (needs an admin-login token)' } };
  const secured = [{ bearer: [] }];
  const json = (properties) => ({ content: { 'application/json': { schema: { type: 'object', properties } } } });
  const id = (name = 'id') => ({ name, in: 'path', schema: { type: 'string' } });
  const doc = {
    paths: {
      '/api/time': { get: {} },
      '/api/auth/admin-login': {
        post: {
          requestBody: json({
            email: { type: 'string', example: 'a@example.com' },
            password: { type: 'string' },
            adminPassword: { type: 'string' },
          }),
        },
      },
      '/api/banners/{id}': {
        put: {
          security: secured,
          responses: adminOnly,
          parameters: [id()],
          requestBody: json({ text: { type: 'string' } }),
        },
        delete: { security: secured, responses: adminOnly, parameters: [id()] },
      },
      '/api/admin/users/{id}/password': {
        put: { security: secured, parameters: [id()], requestBody: json({ newPassword: { type: 'string' } }) },
      },
      '/api/users/{id}': {
        put: { security: secured, parameters: [id()], requestBody: json({ name: { type: 'string' } }) },
      },
      '/api/upload/images': {
        post: {
          security: secured,
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    title: { type: 'string', example: 'عنوان' },
                    images: { type: 'array', items: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          },
        },
      },
      '/api/reports/{reportId}': { get: { parameters: [id('reportId')] } },
      '/api/raw': { post: { requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } } } },
    },
  };
  const made = [];
  const data = {
    url: 'http://127.0.0.1:1',
    member: { id: 'member-id', email: 'm@example.com', password: 'secret', token: 'member-token' },
    admin: {
      id: 'admin-id',
      email: 'admin@example.com',
      password: 'admin-pass',
      panelPassword: 'panel',
      token: 'admin-token',
      images: [],
    },
    uploader: { id: 'uploader-id', token: 'uploader-token' },
    seller: { id: 'seller-id' },
    banner: { id: 'banner-id' },
    fresh: {
      banner: async () => (made.push('banner'), { id: 'fresh-banner-id' }),
      member: async () => (made.push('member'), { id: 'fresh-member-id' }),
    },
  };
  const image = Buffer.from([0x89, 0x50, 0x00, 0x0a, 0xff]);
  let found;
  const target = (name) => found.targets.find((t) => t.name === name);
  const bearer = (name) => target(name).headers.find((h) => h.startsWith('Authorization'));

  it('lists every call once: scanned, skipped with a reason, or unresolved saying what to add', async () => {
    found = await sqlmapTargets(doc, data, image);
    assert.deepEqual(
      found.skipped.map((c) => c.name),
      ['GET /api/time'],
    );
    assert.match(found.skipped[0].reason, /no parameter/);
    assert.deepEqual(
      found.unresolved.map((c) => c.name),
      ['GET /api/reports/{reportId}', 'POST /api/raw'],
    );
    assert.match(found.unresolved[0].reason, /PATH_RECORDS/);
    assert.match(found.unresolved[1].reason, /text\/plain/);
  });

  it("the console's calls carry the operator's token, the member's the member's, uploads the uploader's", () => {
    assert.equal(bearer('PUT /api/banners/{id}'), 'Authorization: Bearer admin-token');
    assert.equal(bearer('PUT /api/admin/users/{id}/password'), 'Authorization: Bearer admin-token');
    assert.equal(bearer('PUT /api/users/{id}'), 'Authorization: Bearer member-token');
    assert.equal(bearer('POST /api/upload/images'), 'Authorization: Bearer uploader-token');
    assert.equal(bearer('POST /api/auth/admin-login'), undefined);
    assert.equal(
      target('POST /api/auth/admin-login').data,
      '{"email":"admin@example.com*","password":"admin-pass*","adminPassword":"panel*"}',
    );
    assert.equal(levelOf(target('PUT /api/banners/{id}')), 1);
    assert.equal(levelOf(target('POST /api/upload/images')), 1);
    assert.equal(levelOf(target('PUT /api/users/{id}')), 2);
  });

  it('a call that uses its record up gets a fresh one; the others the shared records', () => {
    assert.equal(target('PUT /api/banners/{id}').url, 'http://127.0.0.1:1/api/banners/banner-id*');
    assert.equal(target('DELETE /api/banners/{id}').url, 'http://127.0.0.1:1/api/banners/fresh-banner-id*');
    // A new password signs its member out: never the scanning member's, nor the seller's.
    assert.equal(
      target('PUT /api/admin/users/{id}/password').url,
      'http://127.0.0.1:1/api/admin/users/fresh-member-id*/password',
    );
    assert.equal(target('PUT /api/users/{id}').url, 'http://127.0.0.1:1/api/users/member-id*');
    assert.deepEqual(made.toSorted(), ['banner', 'member']);
  });

  it('a multipart form: marked text fields, the image byte for byte, a marked file name', () => {
    const upload = target('POST /api/upload/images');
    const boundary = upload.headers
      .find((h) => h.startsWith('Content-Type: multipart/form-data; boundary='))
      .split('boundary=')[1];
    assert.equal(upload.points, 2);
    assert.ok(
      upload.data.startsWith(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nعنوان*\r\n`),
    );
    assert.ok(upload.data.includes('name="images"; filename="scan.png*"\r\nContent-Type: image/png\r\n\r\n'));
    assert.ok(upload.data.endsWith(`--${boundary}--\r\n`));
    // sqlmap turns each \xNN of a body into its byte when it sends the request.
    assert.ok(upload.data.includes(escapedBytes(image)));
    const sent = Buffer.from(
      escapedBytes(image).replace(/\\x([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
    assert.deepEqual(sent, image);
  });

  it("wapiti's runs: the console's GET calls as the operator, the others as the member", () => {
    const product = { url: 'http://127.0.0.1:1', seller: {}, ownAuction: {}, otherAuction: {} };
    const operatorDoc = {
      paths: { '/api/admin/stats': { get: { responses: adminOnly } }, '/api/stats': { get: {} } },
    };
    const operator = startPoints(product, [], operatorDoc, { operator: true });
    assert.deepEqual(operator, ['http://127.0.0.1:1/admin/', 'http://127.0.0.1:1/api/admin/stats']);
    const member = startPoints(product, [], operatorDoc, { operator: false });
    assert.ok(member.includes('http://127.0.0.1:1/api/stats'));
    assert.ok(!member.includes('http://127.0.0.1:1/api/admin/stats'));
  });
});
