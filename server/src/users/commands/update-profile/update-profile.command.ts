import { Command } from '@nestjs/cqrs';
import type { UpdateProfileRequest, User } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** The caller edits the name, phone and location of profile `userId` (their own only). */
export class UpdateProfileCommand extends Command<User> {
  constructor(
    readonly actor: AuthUser,
    readonly userId: string,
    readonly changes: UpdateProfileRequest,
  ) {
    super();
  }
}
