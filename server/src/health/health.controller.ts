import { Controller, Get, HttpStatus, Logger, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { ServerTime } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { RedisMemoryWatch } from '../infrastructure/redis/redis-memory.watch';
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
    private readonly redisMemory: RedisMemoryWatch,
  ) {}

  /**
   * 200 when PostgreSQL and Redis answer, 503 otherwise (load balancers read the status); Redis's
   * memory use against its maxmemory in `redis.memory`.
   */
  @Get('health')
  @ApiOkResponse({ description: 'PostgreSQL and Redis status' })
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const [postgres, redis] = await Promise.all([
      this.probe('postgres', () => this.db.query('SELECT 1')),
      this.probe('redis', () => this.redis.client.ping()),
    ]);
    const ok = postgres.status === 'up' && redis.status === 'up';
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    // The last minute's memory reading (RedisMemoryWatch): `alert` is for operators, not for the
    // load balancer, so it does not change the status.
    const memory = this.redisMemory.latest;
    return {
      status: ok ? 'ok' : 'error',
      postgres,
      redis: { ...redis, ...(memory ? { memory } : {}) },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  /** The server clock: clients correct their countdowns with it. */
  @Get('time')
  @ApiOkResponse({ description: 'Server time' })
  time(): ServerTime {
    const now = new Date();
    return { serverTime: now.toISOString(), epochMs: now.getTime() };
  }

  private async probe(dependency: 'postgres' | 'redis', check: () => Promise<unknown>): Promise<Probe> {
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
