import type { DataSource, EntityManager } from 'typeorm';
import type { DeploymentKind } from '../../config/env.schema';

/**
 * Records the server's DEPLOYMENT_KIND in its database (called by main.ts after the migrations).
 * Production is sticky: once any server has started against a database as production, a later
 * development or load-test start does not relabel it (a developer's server pointed at the live
 * database by mistake must not open it to the load-test fixtures). Re-marking a former
 * production database is a deliberate operator step (docs/configuration.md, DEPLOYMENT_KIND).
 */
export async function recordDeploymentKind(db: DataSource | EntityManager, kind: DeploymentKind): Promise<void> {
  await db.query(
    `INSERT INTO deployment (kind) VALUES ($1)
     ON CONFLICT (singleton) DO UPDATE
       SET kind = CASE WHEN deployment.kind = 'production' THEN deployment.kind ELSE EXCLUDED.kind END,
           recorded_at = now()`,
    [kind],
  );
}

/** The kind recorded in the database, or null when no server has started against it yet. */
export async function recordedDeploymentKind(db: DataSource | EntityManager): Promise<DeploymentKind | null> {
  const rows: { kind: DeploymentKind }[] = await db.query(`SELECT kind FROM deployment`);
  return rows[0]?.kind ?? null;
}
