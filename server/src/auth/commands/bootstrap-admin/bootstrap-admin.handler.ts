import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { normalizeEmail } from '../../accounts/identifiers';
import { PasswordService } from '../../passwords/password.service';
import { BootstrapAdminCommand, BootstrapAdminOutcome } from './bootstrap-admin.command';

export const BOOTSTRAP_ADMIN_NAME = 'مدير النظام';

/**
 * Idempotent and safe with several replicas starting at once (one INSERT … ON CONFLICT):
 * a missing account is created verified and admin with ADMIN_PASSWORD; an existing account
 * is made admin and keeps its own password (ADMIN_PASSWORD is never written over it).
 */
@CommandHandler(BootstrapAdminCommand)
export class BootstrapAdminHandler implements ICommandHandler<BootstrapAdminCommand> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
  ) {}

  async execute({ email, password }: BootstrapAdminCommand): Promise<BootstrapAdminOutcome> {
    const normalized = normalizeEmail(email);
    const existing: { is_admin: boolean }[] = await this.db.query('SELECT is_admin FROM users WHERE email = $1', [
      normalized,
    ]);
    if (existing[0]?.is_admin) return 'unchanged';
    const passwordHash = await this.passwords.hash(password);
    // xmax = 0 on the returned row means this statement inserted it.
    const rows: { inserted: boolean }[] = await this.db.query(
      `INSERT INTO users (name, email, phone, location, password_hash, is_verified, is_admin, registration_source)
       VALUES ($1, $2, '', 'الأردن', $3, true, true, 'admin_bootstrap')
       ON CONFLICT (email) DO UPDATE SET is_admin = true, updated_at = now() WHERE users.is_admin = false
       RETURNING (xmax = 0) AS inserted`,
      [BOOTSTRAP_ADMIN_NAME, normalized, passwordHash],
    );
    if (!rows.length) return 'unchanged';
    return rows[0].inserted ? 'created' : 'promoted';
  }
}
