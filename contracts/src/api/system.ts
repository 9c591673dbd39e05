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

/** GET /api/health: 200 when PostgreSQL and Redis answer, 503 otherwise. */
export interface HealthResult {
  status: 'ok' | 'error';
  postgres: HealthProbe;
  /** `memory`: Redis's latest memory reading against its maxmemory, when known. */
  redis: HealthProbe & { memory?: unknown };
  uptimeSeconds: number;
}
