import { Query } from '@nestjs/cqrs';
import type { AdminUserRow } from '@mazad/contracts';
import type { ADMIN_USER_SORTS, SortOrder } from '../../dto/admin-queries.dto';

export interface AdminUserFilters {
  q?: string;
  page: number;
  limit: number;
  sort: keyof typeof ADMIN_USER_SORTS;
  order: SortOrder;
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  total: number;
}

/** One page of members (deleted ones never), searched by name, email or phone, with their auction and bid counts. */
export class ListAdminUsersQuery extends Query<AdminUsersPage> {
  constructor(readonly filters: AdminUserFilters) {
    super();
  }
}
