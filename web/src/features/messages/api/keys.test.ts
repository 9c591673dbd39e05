import { describe, expect, it } from 'vitest';
import { SIGNED_IN_DATA_KEY } from '@/lib/member-data';
import { messageKeys } from './keys';

describe('messageKeys', () => {
  it("puts each member's conversation list under one prefix (a rating marks its chat in any of them)", () => {
    const lists = messageKeys.conversationLists();
    expect(messageKeys.conversations('u1').slice(0, lists.length)).toEqual(lists);
    expect(messageKeys.thread('a1').slice(0, 1)).toEqual(messageKeys.all);
  });

  it('keeps the unread count under the signed-in key, dropped at sign-out', () => {
    expect(messageKeys.unreadCount('u1').slice(0, SIGNED_IN_DATA_KEY.length)).toEqual(SIGNED_IN_DATA_KEY);
  });
});
