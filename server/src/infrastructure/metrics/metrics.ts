import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppConfig } from '../../config/app-config';

/** What a scrape reads first: gauges whose value lives elsewhere (the pool, Redis) are set here. */
export type ScrapeHook = () => Promise<void> | void;

/** server/package.json: src/infrastructure/metrics and dist/infrastructure/metrics are both three levels below. */
const serverVersion = (): string =>
  (JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * Every Prometheus metric of the process, in one registry (docs/observability.md describes
 * each). The names are fixed: the Grafana dashboard, the scrape test and the other suites rely
 * on them, and `docker/observability/grafana/dashboards/mazad.json` is checked against this
 * registry. Metrics are per process; Prometheus adds the `instance` label, so none carries a
 * role (`mazad_process_info` says which roles an instance has).
 *
 * Recording is done by small helpers beside this file (BidMetrics, QueueMetrics, SocketMetrics…);
 * values kept elsewhere (pool, queue depths) are read at scrape time through `onScrape`.
 */
@Injectable()
export class Metrics {
  private readonly logger = new Logger(Metrics.name);
  readonly registry = new Registry();
  private readonly scrapeHooks: ScrapeHook[] = [];

  readonly httpRequestDuration = new Histogram({
    name: 'mazad_http_request_duration_seconds',
    help: 'HTTP requests answered by the API, by method, route pattern ("unmatched" when no route matched) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly bids = new Counter({
    name: 'mazad_bids_total',
    help: 'Bids, buy-nows and maximums set or withdrawn, decided (action), accepted or refused with the error code ("" when accepted); both transports',
    labelNames: ['action', 'outcome', 'code'] as const,
    registers: [this.registry],
  });

  readonly bidAdmissionRefusals = new Counter({
    name: 'mazad_bid_admission_refusals_total',
    help: 'Bids, maximums and buy-nows refused AUCTION_BUSY by admission control, unjudged, by reason (queue_full, queue_wait, deadline, lock, event_loop)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly bidDecision = new Histogram({
    name: 'mazad_bid_decision_seconds',
    help: 'From a validated bid, buy-now or maximum to its answer (action): rate limit, engine queue, lock, judgement, commit and the reads the answer needs',
    labelNames: ['action'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly bidBroadcast = new Histogram({
    name: 'mazad_bid_broadcast_seconds',
    help: 'From the commit of an accepted bid to the emit of the new_bid message carrying it to its auction room (the oldest bid of each message; includes the coalescing window)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly socketConnections = new Gauge({
    name: 'mazad_socket_connections',
    help: 'Socket.IO (engine.io) connections open on this process',
    registers: [this.registry],
  });

  readonly socketRooms = new Gauge({
    name: 'mazad_socket_rooms',
    help: 'Auction rooms with at least one socket on this process',
    registers: [this.registry],
  });

  readonly socketMessagesSent = new Counter({
    name: 'mazad_socket_messages_sent_total',
    help: 'Socket.IO packets this process wrote to its sockets (events, acknowledgements, connect packets; not engine.io pings), one per socket',
    registers: [this.registry],
  });

  readonly socketBytesSent = new Counter({
    name: 'mazad_socket_bytes_sent_total',
    help: 'UTF-8 bytes of the encoded Socket.IO packets counted by mazad_socket_messages_sent_total (without WebSocket or HTTP framing)',
    registers: [this.registry],
  });

  readonly queueJobs = new Gauge({
    name: 'mazad_queue_jobs',
    help: 'BullMQ jobs by queue and state, read from Redis at scrape time (the same fleet-wide numbers on every instance)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly queueJobDelay = new Histogram({
    name: 'mazad_queue_job_delay_seconds',
    help: 'How late a job started after it was due, by queue (deadline jobs: after their deadline by the database clock)',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly queueFailures = new Counter({
    name: 'mazad_queue_failures_total',
    help: 'Failed job attempts run by this process, by queue (each retry counts)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly dbPoolConnections = new Gauge({
    name: 'mazad_db_pool_connections',
    help: 'PostgreSQL pool of this process at scrape time: connections in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly redisCommand = new Histogram({
    name: 'mazad_redis_command_seconds',
    help: 'Round trip (send to reply, pipelining included) of sampled Redis commands on the main command connection',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [this.registry],
  });

  readonly redisMemoryUsed = new Gauge({
    name: 'mazad_redis_memory_used_bytes',
    help: "Redis's used_memory at its last reading (each process reads INFO memory once a minute: RedisMemoryWatch)",
    registers: [this.registry],
  });

  readonly redisMemoryMax = new Gauge({
    name: 'mazad_redis_memory_max_bytes',
    help: "Redis's maxmemory at the same reading (0: none set, nothing to compare with)",
    registers: [this.registry],
  });

  constructor(config: AppConfig) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'mazad_process_info',
      help: 'Always 1: the roles (MAZAD_ROLES) and server version of this process',
      labelNames: ['roles', 'version'] as const,
      registers: [this.registry],
    }).set({ roles: [...config.roles].sort().join(','), version: serverVersion() }, 1);
  }

  /** `hook` runs before each scrape (see ScrapeHook). */
  onScrape(hook: ScrapeHook): void {
    this.scrapeHooks.push(hook);
  }

  /**
   * The Prometheus text of every metric, after the scrape hooks. A hook that fails (Redis
   * down) is logged and leaves its gauges as it reset them: the scrape itself still answers.
   */
  async scrape(): Promise<string> {
    await Promise.all(
      this.scrapeHooks.map(async (hook) => {
        try {
          await hook();
        } catch (err) {
          this.logger.warn({ err }, 'A metrics source could not be read for this scrape');
        }
      }),
    );
    return this.registry.metrics();
  }
}
