import { Command } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

export interface ChangeCredentialsResultData {
  user: User;
  /** A fresh token (same admin-session flag as the caller's); the only valid one after a password change. */
  token: string;
  emailChanged: boolean;
  passwordChanged: boolean;
}

/** The caller changes their own email and/or password, proving the current password. */
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
