import { Query } from '@nestjs/cqrs';
import type { PublicUser, User } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member's profile as `viewer` may see it (undefined viewer: a visitor). */
export class GetUserQuery extends Query<PublicUser | User> {
  constructor(
    readonly id: string,
    readonly viewer?: AuthUser,
  ) {
    super();
  }
}
