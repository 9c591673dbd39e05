import { Command } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';

/** Replaces the caller's profile image with the uploaded bytes (checked and re-encoded). */
export class UpdateProfileImageCommand extends Command<User> {
  constructor(
    readonly userId: string,
    readonly image: Buffer | undefined,
  ) {
    super();
  }
}
