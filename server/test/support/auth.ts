import type { TestApp } from './test-app';
import { uniqueEmail } from './users';

let ipCounter = 0;

/**
 * A distinct client address (sent as X-Forwarded-For, which the app trusts from loopback),
 * so per-IP limits of one test do not spill into another.
 */
export function clientIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** Solves a challenge question such as `7 + 5`, `25 - 9` or `3 × 4`. */
export function solveChallenge(question: string): number {
  const match = /^(\d+) ([+\-×]) (\d+)$/.exec(question);
  if (!match) throw new Error(`Unexpected challenge question: ${question}`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  return match[2] === '+' ? a + b : match[2] === '-' ? a - b : a * b;
}

/** A fresh challenge, solved. */
export async function solvedChallenge(t: TestApp, ip = clientIp()) {
  const res = await t.http().get('/api/auth/challenge').set('X-Forwarded-For', ip).expect(200);
  return { challengeId: res.body.challengeId as string, challengeAnswer: solveChallenge(res.body.question) };
}

export function registrationFields(overrides: Record<string, unknown> = {}) {
  return {
    name: 'سارة أحمد',
    email: uniqueEmail('reg'),
    phone: '+962 79 555 0101',
    location: 'إربد',
    password: 'secret123',
    verificationMethod: 'math',
    ...overrides,
  };
}

/** Registers through the API with a real challenge; returns the response. */
export async function register(t: TestApp, overrides: Record<string, unknown> = {}, ip = clientIp()) {
  const fields = registrationFields(overrides);
  const challenge = await solvedChallenge(t, ip);
  const res = await t
    .http()
    .post('/api/auth/register')
    .set('X-Forwarded-For', ip)
    .send({ ...fields, ...challenge });
  return { res, fields };
}
