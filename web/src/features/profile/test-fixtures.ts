/** Test data of the profile feature (tests only): a member, their statistics, the profile's API. */
import { makeUser, mockApi } from '@/testing/test-utils';

export const user = makeUser({ _id: 'u-000000abcdef', id: 'u-000000abcdef' });
export const stats = {
  success: true,
  totalAuctions: 4,
  activeAuctions: 1,
  soldAuctions: 2,
  unsoldAuctions: 1,
  totalBids: 7,
  wonAuctions: 3,
};

export function api(overrides: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    'GET /api/auth/me': () => ({ user }),
    'GET /api/messages/unread-count': () => ({ success: true, count: 0 }),
    'GET /api/users/me/blocks': () => ({ success: true, members: [] }),
    [`GET /api/users/${user._id}`]: () => ({ success: true, user }),
    [`GET /api/users/${user._id}/stats`]: () => stats,
    [`GET /api/auctions/user/${user._id}`]: () => ({ success: true, auctions: [] }),
    [`GET /api/auctions/user/${user._id}/won`]: () => ({ success: true, auctions: [] }),
    [`GET /api/users/${user._id}/won-archived-auctions`]: () => ({
      success: true,
      archivedAuctions: [],
      total: 0,
      page: 1,
      limit: 20,
    }),
    ...overrides,
  });
}
