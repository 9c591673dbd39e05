import { Controller, Get, HttpStatus, Logger, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { HealthResult, LivenessResult, ReadinessResult, ServerTime } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { Lifecycle, type ReadinessCheck } from '../infrastructure/lifecycle/lifecycle';
import { RedisService } from '../infrastructure/redis/redis.service';

/** How long a dependency may take to answer before it counts as down (load balancers wait for us). */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * What the answer says of one dependency: up (with its latency) or down, in stable words only.
 * The raw failure (a driver message naming hosts, ports, databases or users) is logged, never
 * sent: the health route is public.
 */
interface Probe {
  status: 'up' | 'down';
  latencyMs?: number;
}

@ApiTags('system')
@Controller()
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisService,
    private readonly lifecycle: Lifecycle,
  ) {}

  /**
   * 200 when PostgreSQL and Redis answer, 503 otherwise (load balancers read the status). Public,
   * so only up or down and the latency: how full Redis is (RedisMemoryWatch) would tell a stranger
   * when writes start failing, and is for operators (its error log, mazad_redis_memory_*_bytes).
   */
  @Get('health')
  @ApiOkResponse({ description: 'PostgreSQL and Redis status' })
  async health(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthResult> {
    const [postgres, redis] = await Promise.all([
      this.probe('postgres', () => this.db.query('SELECT 1')),
      this.probe('redis', () => this.redis.client.ping()),
    ]);
    const ok = postgres.status === 'up' && redis.status === 'up';
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'error', postgres, redis, uptimeSeconds: Math.round(process.uptime()) };
  }

  /**
   * Liveness (docs/operations.md, "Health"): answered by the event loop alone, so a process that
   * only lost a dependency is not restarted for it; readiness says that.
   */
  @Get('health/live')
  @ApiOkResponse({ description: 'The process runs and its event loop answers' })
  live(): LivenessResult {
    return { status: 'ok' };
  }

  /**
   * Readiness (docs/operations.md, "Health"): 200 when PostgreSQL and Redis answer and every
   * check the process registered holds (the socket gateway's adapter subscriber); 503 naming
   * what is down, and 503 at once while draining, so load balancers stop sending traffic.
   */
  @Get('health/ready')
  @ApiOkResponse({ description: 'Ready for traffic (503 when not, or while draining)' })
  async ready(@Res({ passthrough: true }) res: FastifyReply): Promise<ReadinessResult> {
    if (this.lifecycle.draining) return this.draining(res);
    const checks: [string, ReadinessCheck][] = [
      ['postgres', () => this.db.query('SELECT 1')],
      ['redis', () => this.redis.client.ping()],
      ...this.lifecycle.readinessChecks,
    ];
    const probes = await Promise.all(checks.map(([name, check]) => this.probe(name, check)));
    // A drain that began while the checks ran wins: the process is on its way out.
    if (this.lifecycle.draining) return this.draining(res);
    const ok = probes.every((p) => p.status === 'up');
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ok ? 'ready' : 'not_ready',
      checks: Object.fromEntries(checks.map(([name], i) => [name, probes[i].status])),
    };
  }

  private draining(res: FastifyReply): ReadinessResult {
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'draining' };
  }

  /** The server clock: clients correct their countdowns with it. */
  @Get('time')
  @ApiOkResponse({ description: 'Server time' })
  time(): ServerTime {
    const now = new Date();
    return { serverTime: now.toISOString(), epochMs: now.getTime() };
  }

  /** `dependency`: a stable name (postgres, redis, sockets), the only word of it the answer carries. */
  private async probe(dependency: string, check: ReadinessCheck): Promise<Probe> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
        }),
      ]);
      return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (err) {
      this.logger.error({ err, dependency }, `Health check: ${dependency} is down`);
      return { status: 'down' };
    } finally {
      clearTimeout(timer);
    }
  }
}
