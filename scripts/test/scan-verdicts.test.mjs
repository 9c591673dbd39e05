/**
 * The scan suite's verdicts (scripts/scan/): what counts as an sqlmap injection, a wapiti
 * finding that fails the suite, and a 5xx in the product's log. The scanners themselves run in
 * the "scan" suite; these check the reading of their reports without them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { markedJson } from '../scan/calls.mjs';
import { answersOf, readServerLog, templateMatcher } from '../scan/server-log.mjs';
import { readFindings } from '../scan/sqlmap.mjs';
import { judge } from '../scan/wapiti.mjs';

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
