import { Command } from '@nestjs/cqrs';

/**
 * created: a new administrator account; promoted: an account the bootstrap itself created
 * earlier was made admin again; unchanged: already an administrator; refused: the email
 * belongs to an account the operator did not create (a member), which is never promoted.
 */
export type BootstrapAdminOutcome = 'created' | 'promoted' | 'unchanged' | 'refused';

/** Makes sure the configured first administrator exists (ADMIN_EMAIL / ADMIN_PASSWORD). */
export class BootstrapAdminCommand extends Command<BootstrapAdminOutcome> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
