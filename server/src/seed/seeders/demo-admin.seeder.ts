import { Injectable } from '@nestjs/common';
import { PasswordService } from '../../auth';
import { AppConfig } from '../../config/app-config';
import { AccountStore } from '../../users';
import { DEMO_EMAIL_DOMAIN } from '../demo-members';
import type { DemoSeedContext, DemoSeeder } from '../demo-seeder';

/** How the admin bootstrap (auth) marks the administrator it creates from ADMIN_EMAIL. */
const BOOTSTRAPPED_ADMIN = 'admin_bootstrap';

/**
 * The demo admin of `npm start` (ADMIN_EMAIL at mazad.demo) keeps ADMIN_PASSWORD as its
 * password, so the credentials printed at start-up work even after .data/demo-admin.json was
 * regenerated. The admin bootstrap itself never overwrites a password; real administrators
 * (any other email, or an account not created by the bootstrap) are never touched.
 */
@Injectable()
export class DemoAdminSeeder implements DemoSeeder {
  readonly name = 'admin';

  constructor(
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly store: AccountStore,
  ) {}

  async seed({ manager }: DemoSeedContext): Promise<void> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword || !adminEmail.endsWith(`@${DEMO_EMAIL_DOMAIN}`)) return;
    const [admin]: { id: string; password_hash: string }[] = await manager.query(
      `SELECT id, password_hash FROM users WHERE email = $1 AND is_admin AND registration_source = $2`,
      [adminEmail, BOOTSTRAPPED_ADMIN],
    );
    if (!admin || (await this.passwords.verify(admin.password_hash, adminPassword))) return;
    // As any password change, it ends the sessions signed with the old one.
    await this.store.changePassword(manager, admin.id, await this.passwords.hash(adminPassword));
  }
}
