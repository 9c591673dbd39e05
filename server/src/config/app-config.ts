import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { isAbsolute, resolve } from 'node:path';
import { parseDurationSeconds } from '@mazad/contracts';
import { DeploymentKind, EnvironmentVariables, Role, SocketAdapterKind } from './env.schema';

/** Repository root: src/config and dist/config are both three levels below it. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export class ConfigError extends Error {}

const seconds = (text: string) => parseDurationSeconds(text)!;
/** Variables where an empty value means "none" (serve no front end) rather than "use the default". */
const EMPTY_MEANS_NONE = new Set(['WEB_DIST_DIR', 'ADMIN_DIST_DIR']);
const fromRoot = (path: string) => (path === '' ? '' : isAbsolute(path) ? path : resolve(REPO_ROOT, path));

const VAPID_VARIABLES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** All three VAPID variables, or none (push off): a half-configured push is a mistake to report. */
function vapidKeys(env: EnvironmentVariables): AppConfig['vapid'] {
  const missing = VAPID_VARIABLES.filter((name) => !env[name]);
  if (missing.length === VAPID_VARIABLES.length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(`Configuration error:\n  ${missing.join(', ')} missing (Web Push needs all three)`);
  return { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! };
}

/**
 * REDIS_PREFIX when it is not set: `mazad` on Redis database 0, `mazad-db<N>` on database N
 * (REDIS_URL's path, or its `?db=`, as ioredis reads it). Redis pub/sub ignores the database
 * number, so two deployments that share a Redis server on different databases would otherwise
 * share their Socket.IO channels too (docs/operations.md, "Several deployments on one Redis").
 * Database 0 keeps the former default, so a deployment alone on its Redis keeps its keys.
 */
export function defaultRedisPrefix(redisUrl: string): string {
  let db = '0';
  try {
    const url = new URL(redisUrl);
    db = url.pathname.replace(/^\//, '') || url.searchParams.get('db') || '0';
  } catch {
    /* REDIS_URL is validated on its own; an unreadable one is database 0 here */
  }
  return /^\d+$/.test(db) && Number(db) !== 0 ? `mazad-db${Number(db)}` : 'mazad';
}

/**
 * PUSH_EXTRA_ORIGINS as a list, each written exactly as its origin (lower-case host, no default
 * port, no trailing slash): an entry the URL parser would rewrite is refused rather than guessed.
 */
function exactOrigins(list: string): string[] {
  const origins = list.split(',').filter(Boolean);
  const inexact = origins.filter((origin) => {
    try {
      return new URL(origin).origin !== origin;
    } catch {
      return true;
    }
  });
  if (inexact.length > 0)
    throw new ConfigError(
      `Configuration error:\n  PUSH_EXTRA_ORIGINS is invalid (not exact origins: ${inexact.join(', ')})`,
    );
  return origins;
}

/**
 * OUTSIDE_CALL_DEADLINE in ms, from 1 s (a real SMTP send or push needs some hundreds of ms) to
 * 60 s (a slot held longer than that is what the deadline is there to prevent).
 */
function outsideCallDeadlineMs(text: string): number {
  const ms = seconds(text) * 1000;
  if (!(ms >= 1_000 && ms <= 60_000))
    throw new ConfigError('Configuration error:\n  OUTSIDE_CALL_DEADLINE is invalid (from 1s to 60s)');
  return ms;
}

/** Admission control on the bid path (server/src/bids/engine/bid-admission.ts). */
export interface BidAdmissionLimits {
  /** Longest estimated wait in an auction's queue a new item is admitted to, in ms. */
  waitBudgetMs: number;
  /** Items one auction's queue may hold; past it, refuse at once. */
  maxQueued: number;
  /** Longest time from an item's arrival at the process to its judgement, in ms. */
  deadlineMs: number;
  /** Smoothed event-loop lag past which the process refuses new items, in ms; 0 turns the check off. */
  eventLoopLagLimitMs: number;
}

/** Typed, validated configuration. Built once from the environment; injected everywhere. */
export class AppConfig {
  readonly port: number;
  readonly databaseUrl: string;
  readonly databasePoolSize: number;
  /** What this process does (MAZAD_ROLES); ask with `hasRole`. */
  readonly roles: ReadonlySet<Role>;
  /** Port of /metrics (Prometheus); 0 when metrics are not served. */
  readonly metricsPort: number;
  /** The bearer token /metrics asks for (always set when metricsPort is). */
  readonly metricsToken?: string;
  readonly socketAdapter: SocketAdapterKind;
  readonly shutdownGraceMs: number;
  readonly redisUrl: string;
  readonly redisPrefix: string;
  readonly jwtSecret: string;
  /** JWT_PREVIOUS_SECRET: still accepted for verification during a rotation, never used to sign. */
  readonly jwtPreviousSecret?: string;
  readonly jwtExpiresInSeconds: number;
  readonly webOrigins: string[];
  readonly publicOrigin: string;
  readonly smtpUrl?: string;
  readonly mailFrom: string;
  readonly mailOutboxDir: string;
  readonly telegramBotToken?: string;
  readonly telegramApiUrl: string;
  /** Web Push's VAPID keys; undefined when push is off (none of the three set). */
  readonly vapid?: { publicKey: string; privateKey: string; subject: string };
  /** Push-service origins accepted besides the browsers' own (PUSH_EXTRA_ORIGINS), each exact. */
  readonly pushExtraOrigins: readonly string[];
  /** Whole-call deadline of a call to an outside service (OUTSIDE_CALL_DEADLINE), in ms. */
  readonly outsideCallDeadlineMs: number;
  readonly adminEmail?: string;
  readonly adminPassword?: string;
  readonly adminPanelPassword?: string;
  readonly uploadDir: string;
  readonly seedDemo: boolean;
  readonly demoPassword?: string;
  /** Allowed `auctionDuration` values and their length in seconds, in the configured order. */
  readonly auctionDurations: ReadonlyMap<string, number>;
  readonly bidExtensionSeconds: number;
  readonly outbidNoticeDelaySeconds: number;
  readonly outbidNoticeIntervalSeconds: number;
  readonly archiveUnsoldAfterSeconds: number;
  readonly archiveSoldAfterSeconds: number;
  readonly rateLimitsEnabled: boolean;
  /** Admission control on the bid path (BID_QUEUE_*, BID_ANSWER_DEADLINE_MS, BID_EVENT_LOOP_LAG_LIMIT_MS). */
  readonly bidAdmission: BidAdmissionLimits;
  /** Percent of Redis's maxmemory above which RedisMemoryWatch logs an error. */
  readonly redisMemoryAlertPercent: number;
  readonly deploymentKind: DeploymentKind;
  readonly logLevel: string;
  readonly trustProxy: string[];
  /** Serve /api/docs and /api/docs-json (API_DOCS=on). */
  readonly apiDocsEnabled: boolean;
  readonly webDistDir: string;
  readonly adminDistDir: string;
  /** Operator contact details for the static pages ('' when not configured). */
  readonly contactPhone: string;
  readonly contactEmail: string;

  constructor(env: EnvironmentVariables) {
    this.port = env.PORT;
    this.databaseUrl = env.DATABASE_URL;
    this.databasePoolSize = env.DATABASE_POOL_SIZE;
    this.roles = new Set(env.MAZAD_ROLES.split(',') as Role[]);
    this.metricsPort = env.METRICS_PORT;
    this.metricsToken = env.METRICS_TOKEN || undefined;
    this.socketAdapter = env.SOCKET_ADAPTER;
    this.shutdownGraceMs = seconds(env.SHUTDOWN_GRACE) * 1000;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefix = env.REDIS_PREFIX ?? defaultRedisPrefix(env.REDIS_URL);
    this.jwtSecret = env.JWT_SECRET;
    this.jwtPreviousSecret = env.JWT_PREVIOUS_SECRET || undefined;
    this.jwtExpiresInSeconds = seconds(env.JWT_EXPIRES_IN);
    this.webOrigins = env.WEB_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    this.publicOrigin = env.PUBLIC_ORIGIN;
    this.smtpUrl = env.SMTP_URL || undefined;
    this.mailFrom = env.MAIL_FROM;
    this.mailOutboxDir = fromRoot(env.MAIL_OUTBOX_DIR);
    this.telegramBotToken = env.TELEGRAM_BOT_TOKEN || undefined;
    this.telegramApiUrl = env.TELEGRAM_API_URL.replace(/\/+$/, '');
    this.vapid = vapidKeys(env);
    this.pushExtraOrigins = exactOrigins(env.PUSH_EXTRA_ORIGINS);
    this.outsideCallDeadlineMs = outsideCallDeadlineMs(env.OUTSIDE_CALL_DEADLINE);
    this.adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || undefined;
    this.adminPassword = env.ADMIN_PASSWORD || undefined;
    this.adminPanelPassword = env.ADMIN_PANEL_PASSWORD || undefined;
    this.uploadDir = fromRoot(env.UPLOAD_DIR);
    this.seedDemo = env.SEED_DEMO === 'true';
    this.demoPassword = env.DEMO_PASSWORD || undefined;
    this.auctionDurations = new Map(env.AUCTION_DURATIONS.split(',').map((d) => [d, seconds(d)]));
    this.bidExtensionSeconds = seconds(env.BID_EXTENSION);
    this.outbidNoticeDelaySeconds = seconds(env.OUTBID_NOTICE_DELAY);
    this.outbidNoticeIntervalSeconds = seconds(env.OUTBID_NOTICE_INTERVAL);
    this.archiveUnsoldAfterSeconds = seconds(env.ARCHIVE_UNSOLD_AFTER);
    this.archiveSoldAfterSeconds = seconds(env.ARCHIVE_SOLD_AFTER);
    this.rateLimitsEnabled = env.RATE_LIMITS === 'on';
    this.bidAdmission = {
      waitBudgetMs: env.BID_QUEUE_WAIT_BUDGET_MS,
      maxQueued: env.BID_QUEUE_MAX,
      deadlineMs: env.BID_ANSWER_DEADLINE_MS,
      eventLoopLagLimitMs: env.BID_EVENT_LOOP_LAG_LIMIT_MS,
    };
    this.redisMemoryAlertPercent = env.REDIS_MEMORY_ALERT_PERCENT;
    this.deploymentKind = env.DEPLOYMENT_KIND;
    this.logLevel = env.LOG_LEVEL;
    this.trustProxy = env.TRUST_PROXY.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    this.apiDocsEnabled = env.API_DOCS === 'on';
    this.webDistDir = fromRoot(env.WEB_DIST_DIR);
    this.adminDistDir = fromRoot(env.ADMIN_DIST_DIR);
    this.contactPhone = env.CONTACT_PHONE.trim();
    this.contactEmail = env.CONTACT_EMAIL.trim();
  }

  hasRole(role: Role): boolean {
    return this.roles.has(role);
  }

  /**
   * Validates an environment (process.env by default) and builds the configuration.
   * Throws ConfigError naming every missing or malformed variable.
   */
  static fromEnvironment(source: Record<string, string | undefined> = process.env): AppConfig {
    const defined = Object.fromEntries(
      Object.entries(source).filter(([name, v]) => v !== undefined && (v !== '' || EMPTY_MEANS_NONE.has(name))),
    );
    const env = plainToInstance(EnvironmentVariables, defined, { exposeDefaultValues: true });
    const errors = validateSync(env, { skipMissingProperties: false });
    if (errors.length > 0) {
      const lines = errors.map((e) => {
        const problems = Object.values(e.constraints ?? {}).join('; ');
        const shown = e.value === undefined ? 'is missing' : `is invalid (${problems})`;
        return `  ${e.property} ${shown}`;
      });
      throw new ConfigError(`Configuration error:\n${lines.join('\n')}`);
    }
    return new AppConfig(env);
  }
}

/**
 * Only the database address (for `npm run migrate -w server`, which needs no other setting):
 * DATABASE_URL, or the schema's default.
 */
export function databaseUrlFromEnvironment(source: Record<string, string | undefined> = process.env): string {
  return source.DATABASE_URL || new EnvironmentVariables().DATABASE_URL;
}
