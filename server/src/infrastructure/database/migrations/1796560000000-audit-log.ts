import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operators' audit log (R-AUDIT-LOG): one row per operator action, inserted in the action's
 * transaction by AuditLog.record (server/src/audit/audit-log.ts). Append-only in the database
 * too: a trigger refuses every UPDATE, DELETE and TRUNCATE, whoever runs it. No foreign key on
 * the actor or the target: an entry outlives what it names (and a cascade would be a delete);
 * the actor's name is kept as it was. A single row (the site banner) has no target id.
 */
export class AuditLog1796560000000 implements MigrationInterface {
  name = 'AuditLog1796560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_id uuid NOT NULL,
        actor_name varchar(200) NOT NULL,
        action varchar(64) NOT NULL,
        target_type varchar(32) NOT NULL,
        target_id uuid,
        reason varchar(1000),
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_refuse_change()`);
  }
}
