import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountStore } from '../../../users';
import { normalizeEmail } from '../../accounts/identifiers';
import { PasswordService } from '../../passwords/password.service';
import { BootstrapAdminCommand, BootstrapAdminOutcome } from './bootstrap-admin.command';

export const BOOTSTRAP_ADMIN_NAME = 'مدير النظام';

/** How the accounts this bootstrap creates are marked (users.registration_source). */
export const BOOTSTRAPPED_ADMIN_SOURCE = 'admin_bootstrap';

/**
 * Idempotent and safe with several replicas starting at once (one INSERT … ON CONFLICT DO
 * NOTHING): a missing account is created verified and admin with ADMIN_PASSWORD. An existing
 * account is made admin only if this bootstrap created it; an account anyone else created (a
 * member who registered, or moved their account to, that address) is refused and keeps its
 * rights: otherwise whoever holds that address first would become administrator with their own
 * password (docs/adr/0008-admin-bootstrap-never-promotes-members.md).
 */
@CommandHandler(BootstrapAdminCommand)
export class BootstrapAdminHandler implements ICommandHandler<BootstrapAdminCommand> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: AccountStore,
    private readonly passwords: PasswordService,
  ) {}

  async execute({ email, password }: BootstrapAdminCommand): Promise<BootstrapAdminOutcome> {
    const normalized = normalizeEmail(email);
    const existing = await this.existing(normalized);
    if (existing) return this.decide(existing);
    const passwordHash = await this.passwords.hash(password);
    const inserted = await this.store.provideAccount(this.db, {
      name: BOOTSTRAP_ADMIN_NAME,
      email: normalized,
      phone: '',
      location: 'الأردن',
      passwordHash,
      registrationSource: BOOTSTRAPPED_ADMIN_SOURCE,
      isAdmin: true,
    });
    if (inserted) return 'created';
    // Someone else inserted that email meanwhile (another replica, or a member registering).
    const raced = await this.existing(normalized);
    return raced ? this.decide(raced) : 'unchanged';
  }

  private async existing(
    email: string,
  ): Promise<{ id: string; is_admin: boolean; registration_source: string } | null> {
    const rows: { id: string; is_admin: boolean; registration_source: string }[] = await this.db.query(
      'SELECT id, is_admin, registration_source FROM users WHERE email = $1',
      [email],
    );
    return rows[0] ?? null;
  }

  private async decide(row: {
    id: string;
    is_admin: boolean;
    registration_source: string;
  }): Promise<BootstrapAdminOutcome> {
    if (row.is_admin) return 'unchanged';
    if (row.registration_source !== BOOTSTRAPPED_ADMIN_SOURCE) return 'refused';
    await this.store.promoteBootstrappedAdmin(row.id, BOOTSTRAPPED_ADMIN_SOURCE);
    return 'promoted';
  }
}
