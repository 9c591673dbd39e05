import { Command } from '@nestjs/cqrs';

export type BootstrapAdminOutcome = 'created' | 'promoted' | 'unchanged';

/** Makes sure the configured first administrator exists (ADMIN_EMAIL / ADMIN_PASSWORD). */
export class BootstrapAdminCommand extends Command<BootstrapAdminOutcome> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
