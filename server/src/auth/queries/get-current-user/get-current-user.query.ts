import { Query } from '@nestjs/cqrs';
import type { User } from '@mazad/contracts';

/** The signed-in member's own view (GET /api/auth/me). */
export class GetCurrentUserQuery extends Query<{ success: true; user: User }> {
  constructor(readonly userId: string) {
    super();
  }
}
