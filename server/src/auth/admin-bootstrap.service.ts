import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppConfig } from '../config/app-config';
import { BootstrapAdminCommand } from './commands/bootstrap-admin/bootstrap-admin.command';

/** At start-up: the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD (when both are set). */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly config: AppConfig,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword) return;
    const outcome = await this.commands.execute(new BootstrapAdminCommand(adminEmail, adminPassword));
    if (outcome === 'created') this.logger.log(`Administrator ${adminEmail} created`);
    if (outcome === 'promoted') this.logger.log(`Administrator ${adminEmail} (created by this bootstrap) restored`);
    if (outcome === 'refused') {
      this.logger.error(
        `ADMIN_EMAIL ${adminEmail} belongs to an existing account that the operator did not create ` +
          `(a member account): it was NOT made an administrator and nothing was changed. ` +
          `Set ADMIN_EMAIL to an address no account uses, then restart.`,
      );
    }
  }
}
