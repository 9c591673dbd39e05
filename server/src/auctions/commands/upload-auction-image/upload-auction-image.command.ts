import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../auth';

/** Stores one auction photo for a later edit; resolves to its URL (`/uploads/<random>.webp`). */
export class UploadAuctionImageCommand extends Command<string> {
  constructor(
    readonly actor: AuthUser,
    readonly image: Buffer | undefined,
  ) {
    super();
  }
}
