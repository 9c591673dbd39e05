import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The deployment's identity: one random id, made once when the database is created or
 * upgraded. Every process announces it on the deployment's Redis prefix at start-up and a
 * process that hears another identity there refuses to start (../redis/deployment-presence.ts).
 * A database restored from another deployment's backup carries that deployment's id:
 * docs/operations.md, "Several deployments on one Redis", says how to give it its own.
 */
export class DeploymentIdentity1796500000000 implements MigrationInterface {
  name = 'DeploymentIdentity1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deployment_identity (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO deployment_identity DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deployment_identity`);
  }
}
