import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the database serves: one row, written by every server at start-up (DEPLOYMENT_KIND,
 * see ../deployment-kind.ts). Tools that write test data (the load-test fixtures) read it from
 * the database they are about to write, rather than trusting their own environment.
 */
export class DeploymentKind1795600000000 implements MigrationInterface {
  name = 'DeploymentKind1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deployment (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        kind varchar(20) NOT NULL CHECK (kind IN ('production', 'development', 'load-test')),
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deployment`);
  }
}
