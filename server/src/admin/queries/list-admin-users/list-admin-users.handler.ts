import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AdminUserRow, AuctionStatus, foldDigits } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { escapeLike } from '../../../infrastructure/database/run-sql';
import { ADMIN_USER_SORTS } from '../../dto/admin-queries.dto';
import { AdminUsersPage, ListAdminUsersQuery } from './list-admin-users.query';

interface UserRow {
  id: string;
  name: string;
  location: string;
  email: string;
  phone: string;
  profile_image: string | null;
  is_verified: boolean;
  is_admin: boolean;
  registration_source: string;
  created_at: Date;
  total_auctions: number;
  total_bids: number;
}

/**
 * The search condition with its parameters numbered from `$first`. Phones are matched on their
 * digits too (Arabic-Indic ones read as 0-9), without the national 0 or the international 00,
 * so "0791", "٠٧٩١" and "00962791" find the stored +962791… (R-NUMBER-INPUT).
 */
function searchFilter(q: string | undefined, first: number): { sql: string; params: string[] } {
  if (!q) return { sql: 'u.deleted_at IS NULL', params: [] };
  const params = [`%${escapeLike(q)}%`];
  const clauses = [`u.name ILIKE $${first}`, `u.email ILIKE $${first}`, `u.phone ILIKE $${first}`];
  const digits = foldDigits(q).replace(/\D/g, '').replace(/^00?/, '');
  if (digits.length >= 3) {
    params.push(`%${digits}%`);
    clauses.push(`regexp_replace(u.phone, '[^0-9]', '', 'g') LIKE $${first + 1}`);
  }
  return { sql: `u.deleted_at IS NULL AND (${clauses.join(' OR ')})`, params };
}

/**
 * A COUNT and a page over the live members. Counts per member come from correlated subqueries
 * on indexed columns (auctions_seller_idx, bids_bidder_idx), computed for the page only unless
 * the page is sorted by them.
 */
@QueryHandler(ListAdminUsersQuery)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsersQuery, AdminUsersPage> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ filters }: ListAdminUsersQuery): Promise<AdminUsersPage> {
    const direction = filters.order === 'asc' ? 'ASC' : 'DESC';
    const counting = searchFilter(filters.q, 1);
    const paging = searchFilter(filters.q, 2);
    const [[counted], rows]: [[{ total: number }], UserRow[]] = await Promise.all([
      this.db.query(`SELECT count(*)::int AS total FROM users u WHERE ${counting.sql}`, counting.params),
      this.db.query(
        `SELECT u.id, u.name, u.location, u.email, u.phone, u.profile_image, u.is_verified, u.is_admin,
                u.registration_source, u.created_at,
                (SELECT count(*) FROM auctions a WHERE a.seller_id = u.id AND a.status <> $1)::int AS total_auctions,
                (SELECT count(*) FROM bids b WHERE b.bidder_id = u.id)::int AS total_bids
           FROM users u
          WHERE ${paging.sql}
          ORDER BY ${ADMIN_USER_SORTS[filters.sort]} ${direction} NULLS LAST, u.id ${direction}
          LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}`,
        [AuctionStatus.Deleted, ...paging.params],
      ),
    ]);
    return { users: rows.map(toAdminUserRow), total: counted.total };
  }
}

function toAdminUserRow(u: UserRow): AdminUserRow {
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    location: u.location,
    email: u.email,
    phone: u.phone,
    profileImage: u.profile_image,
    totalAuctions: u.total_auctions,
    totalBids: u.total_bids,
    isVerified: u.is_verified,
    isAdmin: u.is_admin,
    registrationSource: u.registration_source,
    createdAt: u.created_at.toISOString(),
  };
}
