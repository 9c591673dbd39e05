/**
 * Members: the admin list (search, sort, paging by the server), a member's page (profile and
 * figures), delete, and the custom calls of the console (set a password, the member's activity).
 */
import {
  routes,
  type AdminUsersQuery,
  type Auction,
  type Rating,
  type User,
  type UserBidAuction,
  type UserStats,
} from '@mazad/contracts';
import type { DeleteParams, GetListParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import { call, callJson } from '../http';
import { byId, deleted, listQuery, listTotal, resourceProvider, withId } from '../resourceProvider';

/** A member's show page: the profile, its figures, and what it did on the site. */
export interface UserDetails extends RaRecord {
  user: User;
  stats: UserStats;
}

export interface UserActivity {
  auctions: Auction[];
  bids: UserBidAuction[];
  ratings: Rating[];
}

export const usersProvider = resourceProvider({
  async getList(_resource: string, params: GetListParams) {
    const { data: body, headers } = await call(routes.admin.users, [{}, listQuery<AdminUsersQuery>(params)]);
    return { data: body.users.map(withId), total: listTotal(body, headers) };
  },

  async getOne(_resource: string, params: GetOneParams): Promise<{ data: UserDetails }> {
    const [{ user }, { success: _ignored, ...stats }] = await Promise.all([
      callJson(routes.users.get, [byId(params)]),
      callJson(routes.users.stats, [byId(params)]),
    ]);
    // An admin reads the whole profile (User), not a visitor's public one.
    return { data: { ...withId(user as User), user: user as User, stats } };
  },

  delete: (_resource: string, params: DeleteParams) =>
    deleted(callJson(routes.admin.deleteUser, [byId(params)]), params),

  /** Sets a member's password (PUT /api/admin/users/{id}/password). */
  setPassword: (_resource: string, params: { id: Identifier; newPassword: string }) =>
    callJson(routes.admin.setUserPassword, [byId(params)], { body: { newPassword: params.newPassword } }),

  /** The member's auctions, the auctions it bid on, and the ratings it received. */
  async getActivity(_resource: string, params: { id: Identifier }): Promise<UserActivity> {
    const [auctions, bids, ratings] = await Promise.all([
      callJson(routes.auctions.bySeller, [byId(params)]),
      callJson(routes.auctions.bidOnBy, [byId(params)]),
      callJson(routes.ratings.list, [byId(params)]),
    ]);
    return { auctions: auctions.auctions, bids: bids.auctions, ratings: ratings.ratings };
  },
});
