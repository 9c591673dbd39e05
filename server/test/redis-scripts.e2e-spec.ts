import type { Notification } from '@mazad/contracts';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { VerificationCodeService } from '../src/auth/codes/verification-code.service';
import { AuctionLockService } from '../src/bids/engine/auction-lock.service';
import {
  IdempotencyService,
  MAX_KEYS_PER_MEMBER,
  memberIdempotencyKeys,
} from '../src/infrastructure/idempotency/idempotency.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { TelegramNoticeChannel } from '../src/notifications/channels/telegram/telegram.channel';
import { FakeTelegramBotApi } from './support/fake-telegram';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

/** One command Redis ran, as MONITOR reports it: from a client, or from inside a script (`lua`). */
interface Monitored {
  args: string[];
  source: string;
}

/** A script run (EVAL) with the keys it declared and the commands it ran. */
interface ScriptRun {
  script: string;
  declared: string[];
  commands: string[][];
}

/**
 * The part of a key Redis Cluster hashes: the first non-empty `{…}`, else the whole key
 * (https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/, "Hash tags").
 */
function hashedPart(key: string): string {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

/**
 * BullMQ's own scripts (each opens with a `--[[` comment): they reach a queue's job keys by
 * name, inside the queue's prefix, by BullMQ's design (its keys are kept together by the
 * queue's prefix, not declared one by one), so they are not ours to check.
 */
const isBullMqScript = (script: string) => script.trimStart().startsWith('--[[');

/**
 * A MONITOR connection. ioredis can fail to start one on a busy server ("Command queue state
 * error"): a command's line may reach it before it has switched to monitoring (other test files'
 * apps and workers share the server). That start is tried again; nothing is lost, the checks
 * below only read what ran after it. The client it is made from never connects (lazyConnect).
 */
async function startMonitor(url: string, attempts = 5): Promise<Redis> {
  for (let attempt = 1; ; attempt += 1) {
    // What ioredis's monitor() does, keeping the connection to close it when the start fails.
    const monitor = new Redis(url, { lazyConnect: true }).duplicate({ monitor: true, lazyConnect: false });
    try {
      await new Promise<void>((resolve, reject) => {
        monitor.once('error', reject);
        monitor.once('monitoring', () => resolve());
      });
      return monitor;
    } catch (error) {
      monitor.disconnect();
      if (attempt >= attempts) throw error;
    }
  }
}

/**
 * Every Lua script of the server declares every key it touches (KEYS), as Redis asks of scripts
 * (https://redis.io/docs/latest/develop/programmability/eval-intro/): a script that reaches other
 * keys cannot be routed on a Redis Cluster. Each script is run through the service that owns it,
 * with the cases that make it touch the most keys (the idempotency cap dropping old records, a
 * code burnt by wrong tries, a rate-limit counter full); Redis's MONITOR reports each command a
 * script ran, and COMMAND GETKEYS names that command's keys. docs/operations.md, "Redis scripts".
 */
describe('Redis scripts touch only the keys they declare', () => {
  let t: TestApp;
  let bot: FakeTelegramBotApi;
  let monitor: Redis;
  const seen: Monitored[] = [];

  beforeAll(async () => {
    bot = await new FakeTelegramBotApi().start();
    t = await startTestApp({ TELEGRAM_API_URL: bot.url, TELEGRAM_BOT_TOKEN: bot.token });
    monitor = await startMonitor(t.config.redisUrl);
    // The server is shared: other clients' commands are kept by name only (they still separate runs).
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      const command = args[0].toLowerCase();
      seen.push(
        source === 'lua' || command === 'eval' || command === 'echo' ? { args, source } : { args: [command], source },
      );
    });
  });
  afterAll(async () => {
    monitor?.disconnect();
    await t.close();
    await bot.stop();
  });

  /** The runs of scripts that declared a key of this app, with the commands each ran. */
  async function scriptRuns(): Promise<ScriptRun[]> {
    // Everything sent before this marker has reached the monitor once the marker has.
    const marker = `scripts-${randomUUID()}`;
    await t.app.get(RedisService).client.echo(marker);
    const deadline = Date.now() + 10_000;
    while (!seen.some((m) => m.args[1] === marker)) {
      if (Date.now() > deadline) throw new Error('MONITOR did not report the marker');
      await new Promise((r) => setTimeout(r, 20));
    }
    const runs: ScriptRun[] = [];
    let current: ScriptRun | undefined;
    // A script runs atomically: the commands reported from `lua` right after an EVAL are its own.
    for (const { args, source } of seen) {
      if (source === 'lua') {
        current?.commands.push(args);
        continue;
      }
      current = undefined;
      if (args[0].toLowerCase() !== 'eval') continue;
      const declared = args.slice(3, 3 + Number(args[2]));
      if (!declared.some((key) => key.startsWith(`${t.config.redisPrefix}:`))) continue;
      current = { script: args[1], declared, commands: [] };
      runs.push(current);
    }
    return runs;
  }

  /** The keys of one command, as Redis itself finds them (none for TIME and the like). */
  async function keysOf(command: string[]): Promise<string[]> {
    const redis = t.app.get(RedisService).client;
    return (redis.call('COMMAND', 'GETKEYS', ...command) as Promise<string[]>).catch(() => []);
  }

  it('runs every script of the server, and none touches a key it was not given', async () => {
    const member = await createUser(t);
    const db = t.app.get(DataSource);

    // Idempotency: more keys than the member's cap, so the claim drops the oldest records.
    const idempotency = t.app.get(IdempotencyService);
    for (let i = 0; i < MAX_KEYS_PER_MEMBER + 2; i++) {
      await idempotency.run(
        { userId: member.user.id, scope: 'POST /api/test', key: `k-${i}`, body: { i }, successStatus: 200 },
        async () => ({ ok: i }),
      );
    }
    const idemKeys = memberIdempotencyKeys(t.app.get(RedisService), member.user.id);
    expect(await t.app.get(RedisService).client.keys(idemKeys.records)).toHaveLength(MAX_KEYS_PER_MEMBER);

    // Rate limits: a check that fails (its points stay), one that succeeds (refunded).
    const rateLimits = t.app.get(RateLimitService);
    const limits = [
      ['login-failures-email', `${member.user.id}@example.test`],
      ['login-failures-ip', `ip-${randomUUID()}`],
    ] as const;
    await expect(rateLimits.attempt(limits, () => Promise.reject(new Error('wrong')))).rejects.toThrow('wrong');
    await rateLimits.attempt(limits, () => Promise.resolve(true));

    // Verification codes: a wrong try, the right one; then a code burnt by wrong tries.
    const codes = t.app.get(VerificationCodeService);
    const subject = randomUUID();
    const code = await codes.issue('verify', subject);
    await expect(codes.check('verify', subject, code === '000000' ? '111111' : '000000')).rejects.toThrow();
    await codes.check('verify', subject, code);
    await codes.issue('reset', subject);
    for (let i = 0; i < 6; i++) await codes.check('reset', subject, 'nope').catch(() => undefined);

    // The auction lock, taken while another waits for it.
    const locks = t.app.get(AuctionLockService);
    const auctionId = randomUUID();
    const held = await locks.acquire(auctionId);
    const waiting = locks.acquire(auctionId);
    await new Promise((r) => setTimeout(r, 30));
    await held.release();
    await (await waiting).release();

    // A Telegram notice reserves its chat's next free second.
    await db.query(`UPDATE users SET telegram_chat_id = 4242 WHERE id = $1`, [member.user.id]);
    const notification = {
      id: randomUUID(),
      kind: 'won',
      title: 'فزت',
      body: 'فزت بالمزاد',
      link: { type: 'auction', auctionId: randomUUID() },
      read: false,
      createdAt: new Date().toISOString(),
    } as unknown as Notification;
    await t.app.get(TelegramNoticeChannel).enqueue({ userId: member.user.id, notification });

    const runs = await scriptRuns();
    // Every script of the server was run (a marker of each one's text).
    const scripts = {
      'idempotency claim': 'ZPOPMIN',
      'rate limit take': "redis.call('INCR', key)",
      'rate limit refund': "redis.call('DECR', key)",
      'code check': "'burnt'",
      'lock release': "redis.call('exists', KEYS[2])",
      'telegram slot': "redis.call('TIME')",
    };
    for (const [name, marker] of Object.entries(scripts)) {
      expect({ name, ran: runs.some((r) => r.script.includes(marker)) }).toEqual({ name, ran: true });
    }
    const undeclared: string[] = [];
    for (const run of runs.filter((r) => !isBullMqScript(r.script))) {
      for (const command of run.commands) {
        for (const key of await keysOf(command)) {
          if (!run.declared.includes(key))
            undeclared.push(`${command.join(' ')}  ← in: ${run.script.trim().split('\n')[0]}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("the idempotency claim's keys share one hash slot (the member's id as hash tag)", async () => {
    const member = await createUser(t);
    for (let i = 0; i < 3; i++) {
      await t.app
        .get(IdempotencyService)
        .run(
          { userId: member.user.id, scope: 'POST /api/test', key: `s-${i}`, body: {}, successStatus: 200 },
          async () => ({}),
        );
    }
    const claims = (await scriptRuns()).filter(
      (r) => r.script.includes('ZPOPMIN') && r.declared[0].includes(member.user.id),
    );
    expect(claims).toHaveLength(3);
    for (const claim of claims) expect(new Set(claim.declared.map(hashedPart))).toEqual(new Set([member.user.id]));
  });

  it("the lock release's keys (the lock and its waiting marker) share one hash slot (the auction's id as hash tag)", async () => {
    const auctionId = randomUUID();
    await (await t.app.get(AuctionLockService).acquire(auctionId)).release();
    const releases = (await scriptRuns()).filter(
      (r) => r.script.includes("redis.call('exists', KEYS[2])") && r.declared[0].includes(auctionId),
    );
    expect(releases).toHaveLength(1);
    expect(releases[0].declared).toHaveLength(2);
    expect(new Set(releases[0].declared.map(hashedPart))).toEqual(new Set([auctionId]));
  });
});
