import { describe, expect, it } from 'vitest';
import { MEMBER_DATA_KEY } from '@/lib/member-data';
import { profileKeys } from './keys';

describe('profileKeys', () => {
  it("puts every read about a member under that member's key, itself under the members' key", () => {
    const member = profileKeys.member('u1');
    expect(member.slice(0, MEMBER_DATA_KEY.length)).toEqual(MEMBER_DATA_KEY);
    const reads = [
      profileKeys.user('u1'),
      profileKeys.stats('u1'),
      profileKeys.ratingStats('u1'),
      profileKeys.ratings('u1'),
      profileKeys.auctions('u1', 'active'),
      profileKeys.won('u1'),
      profileKeys.bids('u1'),
      profileKeys.wonArchived('u1'),
      profileKeys.archivedUnsold('u1'),
    ];
    for (const key of reads) expect(key.slice(0, member.length)).toEqual(member);
    expect(new Set(reads.map((key) => JSON.stringify(key))).size).toBe(reads.length);
  });

  it('tells the all-statuses list from one status', () => {
    expect(profileKeys.auctions('u1')).not.toEqual(profileKeys.auctions('u1', 'active'));
  });
});
