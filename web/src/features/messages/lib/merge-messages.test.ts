import { describe, expect, it } from 'vitest';
import { chatMessage } from '../test-fixtures';
import { hasMessage, markRead, mergeMessages } from './merge-messages';

describe('mergeMessages (duplicates ignored)', () => {
  const m1 = chatMessage('m1', '2025-03-10T10:00:00.000Z');
  const m2 = chatMessage('m2', '2025-03-10T10:01:00.000Z');
  const m3 = chatMessage('m3', '2025-03-10T10:02:00.000Z');

  it('keeps every message once, oldest first, whatever the order of arrival', () => {
    const thread = mergeMessages([m2], [m3, m1, m2, m3]);
    expect(thread.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('the same event under both spellings adds one message', () => {
    const once = mergeMessages([m1], [m2]);
    const twice = mergeMessages(once, [m2]);
    expect(twice).toHaveLength(2);
    expect(hasMessage(once, m2)).toBe(true);
  });

  it('a stale copy never takes a read tick back', () => {
    const read = { ...m1, isRead: true, readAt: '2025-03-10T10:05:00.000Z' };
    const thread = mergeMessages([read], [m1]);
    expect(thread[0].isRead).toBe(true);
    expect(thread[0].readAt).toBe('2025-03-10T10:05:00.000Z');
  });

  it('message_read marks the listed messages read and only those', () => {
    const thread = markRead([m1, m2], {
      auctionId: 'a-1',
      readerId: 'winner',
      messageIds: ['m2'],
      readAt: '2025-03-10T11:00:00.000Z',
    });
    expect(thread?.map((m) => m.isRead)).toEqual([false, true]);
    expect(markRead(undefined, { auctionId: 'a-1', readerId: 'x', messageIds: ['m1'], readAt: '' })).toBeUndefined();
  });
});
