/** The server's clock and health. */

/** GET /api/time: clients correct their countdowns with it. */
export interface ServerTime {
  serverTime: string;
  epochMs: number;
}

/** One dependency's probe in GET /api/health. */
export interface HealthProbe {
  status: 'up' | 'down';
  latencyMs?: number;
}

/**
 * GET /api/health: 200 when PostgreSQL and Redis answer, 503 otherwise. Public: up or down and
 * the latency only (Redis's memory use is in the metrics, docs/observability.md).
 */
export interface HealthResult {
  status: 'ok' | 'error';
  postgres: HealthProbe;
  redis: HealthProbe;
  uptimeSeconds: number;
}

/** GET /api/health/live: 200 while the process runs and its event loop answers (no dependency is asked). */
export interface LivenessResult {
  status: 'ok';
}

/**
 * GET /api/health/ready: 200 `ready` when PostgreSQL and Redis answer and, in a process with the
 * socket gateway, its Redis adapter is subscribed (`sockets`); 503 `not_ready` naming what is
 * down, or 503 `draining` once the process was told to stop (no check is run then).
 */
export interface ReadinessResult {
  status: 'ready' | 'not_ready' | 'draining';
  checks?: Record<string, HealthProbe['status']>;
}
