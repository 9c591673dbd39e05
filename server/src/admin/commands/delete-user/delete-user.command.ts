import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../auth';

export interface DeleteUserResult {
  /** False when the member had already been deleted (nothing changed). */
  changed: boolean;
  /** The member's open auctions that were cancelled. */
  cancelledAuctions: number;
}

/** An admin deletes a member (docs/adr/0006-admin-deletes.md). */
export class DeleteUserCommand extends Command<DeleteUserResult> {
  constructor(
    readonly actor: AuthUser,
    readonly userId: string,
  ) {
    super();
  }
}
