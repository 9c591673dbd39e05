import { Command } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

export interface ChangeCredentialsResultData {
  user: User;
  /** A fresh token (same admin-session flag as the caller's); the only valid one after a password change. */
  token: string;
  /** Always false here: a new email waits for its code (see pendingEmail). */
  emailChanged: boolean;
  passwordChanged: boolean;
  /** The new email a confirmation code was sent to. */
  pendingEmail?: string;
}

/** The caller changes their own password and/or asks for a new email, proving the current password. */
export class ChangeCredentialsCommand extends Command<ChangeCredentialsResultData> {
  constructor(
    readonly actor: AuthUser,
    readonly currentPassword: string,
    readonly email?: string,
    readonly newPassword?: string,
  ) {
    super();
  }
}
