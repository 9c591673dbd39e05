import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { ServerTime } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { RedisService } from '../infrastructure/redis/redis.service';

interface Probe {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
}

async function probe(check: () => Promise<unknown>): Promise<Probe> {
  const started = performance.now();
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  }
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisService,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 otherwise (load balancers read the status). */
  @Get('health')
  @ApiOkResponse({ description: 'PostgreSQL and Redis status' })
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const [postgres, redis] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.redis.client.ping()),
    ]);
    const ok = postgres.status === 'up' && redis.status === 'up';
    void res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'error', postgres, redis, uptimeSeconds: Math.round(process.uptime()) };
  }

  /** The server clock: clients correct their countdowns with it. */
  @Get('time')
  @ApiOkResponse({ description: 'Server time' })
  time(): ServerTime {
    const now = new Date();
    return { serverTime: now.toISOString(), epochMs: now.getTime() };
  }
}
