import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, IsEmail, ValidateIf } from 'class-validator';

/** What a deployment is for (DEPLOYMENT_KIND); the first is the default. */
export const DEPLOYMENT_KINDS = ['production', 'development', 'load-test'] as const;
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];

/**
 * What one process does (MAZAD_ROLES): `api` serves REST and the front ends, `gateway` holds
 * Socket.IO connections, `worker` runs the BullMQ processors, reconcilers and sweeps.
 */
export const ROLES = ['api', 'gateway', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Socket.IO's Redis adapter: classic pub/sub, or sharded pub/sub (Redis 7 and later). */
export const SOCKET_ADAPTERS = ['classic', 'sharded'] as const;
export type SocketAdapterKind = (typeof SOCKET_ADAPTERS)[number];

const DURATION = /^\d+[smhd]$/;
const DURATION_LIST = /^\d+[smhd](,\d+[smhd])*$/;

/**
 * Every environment variable the server reads, with its default. Validated once at start-up;
 * a missing or malformed variable stops the process with a message naming it.
 * Nothing else in the server reads process.env.
 */
export class EnvironmentVariables {
  @Transform(({ value }) => Number(value ?? 3000))
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mazad';

  /** Connections each process keeps to PostgreSQL at most (replicas × this ≤ max_connections). */
  @Transform(({ value }) => Number(value ?? 20))
  @IsInt()
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 20;

  /** Comma-separated roles of this process (see ROLES); all three by default, one process as before. */
  @Matches(new RegExp(`^(${ROLES.join('|')})(,(${ROLES.join('|')}))*$`), {
    message: `must be a comma-separated list of ${ROLES.join(', ')}`,
  })
  MAZAD_ROLES = ROLES.join(',');

  /** Port of the Prometheus endpoint (/metrics), apart from the public port; 0 turns it off. */
  @Transform(({ value }) => Number(value ?? 0))
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 0;

  /**
   * The bearer token /metrics asks of every scrape (`Authorization: Bearer <token>`, Prometheus's
   * `authorization.credentials_file`). Required with a METRICS_PORT: without one the server refuses
   * to start rather than serve the traffic's shape to whoever reaches the port.
   */
  @ValidateIf((env: EnvironmentVariables) => env.METRICS_PORT !== 0 || env.METRICS_TOKEN !== undefined)
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters (required when METRICS_PORT is set)' })
  METRICS_TOKEN?: string;

  /** Socket.IO fan-out between replicas: `classic` (PUBLISH) or `sharded` (SPUBLISH, Redis ≥ 7). */
  @IsIn(SOCKET_ADAPTERS as readonly string[] as string[], { message: `must be one of ${SOCKET_ADAPTERS.join(', ')}` })
  SOCKET_ADAPTER: SocketAdapterKind = 'classic';

  /** On SIGTERM, how long in-flight work and socket hand-over may take before the process exits. */
  @Matches(DURATION, { message: 'must be a duration such as 10s' })
  SHUTDOWN_GRACE = '10s';

  @IsString()
  @Matches(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * Namespace for every Redis key, queue and pub/sub channel, so several deployments (and test
   * runs) share one Redis. Unset: `mazad`, or `mazad-db<N>` on Redis database N (defaultRedisPrefix).
   */
  @IsOptional()
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]+$/, { message: 'letters, digits, _ and - only' })
  REDIS_PREFIX?: string;

  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters (npm start generates one into .data/)' })
  JWT_SECRET!: string;

  /**
   * A second token secret, accepted when verifying and never used to sign: during a rotation,
   * the JWT_SECRET being replaced, so sessions it signed stay valid until they expire
   * (docs/runbook.md, "Rotating JWT_SECRET").
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  JWT_PREVIOUS_SECRET?: string;

  @IsString()
  @Matches(DURATION, { message: 'must be a duration such as 7d' })
  JWT_EXPIRES_IN = '7d';

  /** Comma-separated browser origins allowed by CORS and Socket.IO. */
  @IsString()
  WEB_ORIGINS = 'http://localhost:3000,http://localhost:5173,http://localhost:5174';

  /** The site's public address: the absolute URLs of sharing previews (never the Host header). */
  @Matches(/^https?:\/\/[^/\s?#]+$/, { message: 'must be an origin such as https://mazad.jo (no path)' })
  PUBLIC_ORIGIN = 'http://localhost:3000';

  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'مزاد <no-reply@mazad.jo>';

  @IsString()
  MAIL_OUTBOX_DIR = '.data/outbox';

  @IsOptional()
  @IsString()
  TELEGRAM_BOT_TOKEN?: string;

  @IsString()
  @Matches(/^https?:\/\//, { message: 'must be an http(s) URL' })
  TELEGRAM_API_URL = 'https://api.telegram.org';

  /** Web Push (docs/notifications.md): all three or none; without them push is off. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a base64url P-256 public key (87 characters)' })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a base64url P-256 private key (43 characters)' })
  VAPID_PRIVATE_KEY?: string;

  @IsOptional()
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'must be a mailto: or https: URL' })
  VAPID_SUBJECT?: string;

  /**
   * Push-service origins accepted besides the browsers' own (PUSH_SERVICE_ORIGINS in
   * server/src/infrastructure/push/push-endpoints.ts): comma-separated exact https origins, no
   * path and no wildcard, e.g. a private push service. Empty by default.
   */
  @Matches(/^(https:\/\/[^/\s?#,@*]+(,https:\/\/[^/\s?#,@*]+)*)?$/, {
    message: 'must be comma-separated https origins such as https://push.example.com (no path)',
  })
  PUSH_EXTRA_ORIGINS = '';

  /**
   * The whole-call deadline of every call to an outside service (a push service, the Telegram
   * Bot API, the SMTP server): past it the call is aborted and its connection closed
   * (server/src/infrastructure/outside-calls/, docs/security.md).
   */
  @Matches(DURATION, { message: 'must be a duration such as 10s' })
  OUTSIDE_CALL_DEADLINE = '10s';

  @IsOptional()
  @IsEmail({}, { message: 'must be an email address' })
  ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters' })
  ADMIN_PANEL_PASSWORD?: string;

  @IsString()
  UPLOAD_DIR = '.data/uploads';

  @IsIn(['true', 'false'], { message: 'must be true or false' })
  SEED_DEMO = 'false';

  /** Password of the demo members (required when SEED_DEMO=true; npm start generates one into .data/). */
  @ValidateIf((env: EnvironmentVariables) => env.SEED_DEMO === 'true' || env.DEMO_PASSWORD !== undefined)
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters (required when SEED_DEMO=true)' })
  DEMO_PASSWORD?: string;

  @IsString()
  @Matches(DURATION_LIST, { message: 'must be a comma-separated list of durations such as 1h,24h,7d' })
  AUCTION_DURATIONS = '1h,24h,72h,7d,30d';

  @Matches(DURATION, { message: 'must be a duration such as 90s' })
  BID_EXTENSION = '90s';

  /** How long an outbid notice waits, gathering the outbids that follow, before it is written. */
  @Matches(DURATION, { message: 'must be a duration such as 3s' })
  OUTBID_NOTICE_DELAY = '3s';

  /** The least time between two outbid notices of one member on one auction. */
  @Matches(DURATION, { message: 'must be a duration such as 1m' })
  OUTBID_NOTICE_INTERVAL = '1m';

  @Matches(DURATION, { message: 'must be a duration such as 15m' })
  ARCHIVE_UNSOLD_AFTER = '15m';

  @Matches(DURATION, { message: 'must be a duration such as 24h' })
  ARCHIVE_SOLD_AFTER = '24h';

  @IsIn(['on', 'off'], { message: 'must be on or off' })
  RATE_LIMITS = 'on';

  /**
   * Admission control on the bid path (docs/reliability.md, "Overload"): past these, a bid,
   * maximum or buy-now is refused at once with AUCTION_BUSY (503, Retry-After) rather than queued.
   * The estimated wait in its auction's queue a new one may join, in ms.
   */
  @Transform(({ value }) => Number(value ?? 150))
  @IsInt()
  @Min(1)
  @Max(60_000)
  BID_QUEUE_WAIT_BUDGET_MS = 150;

  /** Items one auction's queue may hold in one process (past it: AUCTION_BUSY at once). */
  @Transform(({ value }) => Number(value ?? 1000))
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  BID_QUEUE_MAX = 1000;

  /** Longest time from a request's arrival to its judgement, in ms; a later one is refused unjudged. */
  @Transform(({ value }) => Number(value ?? 500))
  @IsInt()
  @Min(1)
  @Max(60_000)
  BID_ANSWER_DEADLINE_MS = 500;

  /** Smoothed event-loop lag (ms) past which the process refuses new bids; 0 turns the check off. */
  @Transform(({ value }) => Number(value ?? 200))
  @IsInt()
  @Min(0)
  @Max(60_000)
  BID_EVENT_LOOP_LAG_LIMIT_MS = 200;

  /** Redis memory use (percent of its maxmemory) above which each minute's check logs an error. */
  @Transform(({ value }) => Number(value ?? 80))
  @IsInt()
  @Min(1)
  @Max(100)
  REDIS_MEMORY_ALERT_PERCENT = 80;

  /**
   * What this deployment is for, recorded in its database at start-up (see
   * infrastructure/database/deployment-kind.ts): the load-test fixtures command writes only to a
   * database marked development or load-test. npm start sets development.
   */
  @IsIn(DEPLOYMENT_KINDS as readonly string[] as string[], {
    message: `must be one of ${DEPLOYMENT_KINDS.join(', ')}`,
  })
  DEPLOYMENT_KIND: DeploymentKind = 'production';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Express "trust proxy": which hops may set X-Forwarded-For (client IPs for rate limits).
   * Only loopback by default: behind a proxy on another address, name it (the compose file does).
   */
  @IsString()
  TRUST_PROXY = 'loopback';

  /** Serve the API documentation at /api/docs (npm start turns it on; off by default). */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  API_DOCS = 'off';

  /** Operator phone shown on the static pages (GET /api/settings); empty when not given. */
  @IsString()
  CONTACT_PHONE = '';

  /** Operator email shown on the static pages (GET /api/settings); empty when not given. */
  @ValidateIf((env: EnvironmentVariables) => env.CONTACT_EMAIL !== '')
  @IsEmail({}, { message: 'must be an email address' })
  CONTACT_EMAIL = '';

  /** Built web app and console served by the server; empty disables static serving. */
  @IsString()
  WEB_DIST_DIR = 'web/dist';

  @IsString()
  ADMIN_DIST_DIR = 'admin/dist';
}
