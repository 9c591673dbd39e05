import type { ArchivedAuction, ArchivedMessage } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { collectRatings, combineArchive, isWonBy, latestArchived, messageThreads } from './grouping';

const party = (id: string, name = id) => ({ _id: id, id, name });

function message(id: string, minute: number): ArchivedMessage {
  return {
    _id: id,
    id,
    sender: party('s'),
    receiver: party('w'),
    content: `نص ${id}`,
    timestamp: `2025-03-10T10:${String(minute).padStart(2, '0')}:00.000Z`,
  };
}

function archived(id: string, day: number, overrides: Partial<ArchivedAuction> = {}): ArchivedAuction {
  return {
    _id: id,
    id,
    auctionId: id,
    title: `مزاد ${id}`,
    description: '',
    status: 'مباع',
    category: 'أثاث',
    images: [],
    startingPrice: 10,
    finalPrice: 20,
    totalBids: 2,
    viewCount: 5,
    endedAt: null,
    archivedAt: `2025-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    createdAt: '2025-03-01T10:00:00.000Z',
    seller: party('me'),
    winner: party('w'),
    messages: [],
    messageCount: 0,
    ratings: [],
    isDealConfirmed: false,
    dealConfirmedAt: null,
    ...overrides,
  };
}

describe('archive grouping', () => {
  it('combines sold and won archives, each auction once, latest archived first', () => {
    const mine = [archived('a', 3), archived('b', 9)];
    const won = [archived('c', 5, { seller: party('x'), winner: party('me') }), archived('b', 9)];
    expect(combineArchive(mine, won).map((a) => a._id)).toEqual(['b', 'c', 'a']);
  });

  it('the overview shows the latest 5', () => {
    const all = combineArchive(
      Array.from({ length: 8 }, (_, i) => archived(`a${i}`, i + 1)),
      [],
    );
    expect(latestArchived(all).map((a) => a._id)).toEqual(['a7', 'a6', 'a5', 'a4', 'a3']);
  });

  it('previews the last 3 messages of each auction that has a conversation', () => {
    const withChat = archived('a', 3, {
      messages: [message('m4', 4), message('m1', 1), message('m3', 3), message('m2', 2)],
    });
    const threads = messageThreads([withChat, archived('silent', 2)]);
    expect(threads).toHaveLength(1);
    expect(threads[0].total).toBe(4);
    expect(threads[0].preview.map((m) => m._id)).toEqual(['m2', 'm3', 'm4']);
  });

  it('collects every rating with its auction title, newest first', () => {
    const rating = (id: string, day: number) => ({
      _id: id,
      id,
      from: party('w', 'الفائز'),
      to: party('me'),
      role: 'seller' as const,
      stars: 4,
      comment: null,
      createdAt: `2025-03-${day}T10:00:00.000Z`,
    });
    const rows = collectRatings([
      archived('a', 3, { ratings: [rating('r1', 11)] }),
      archived('b', 4, { ratings: [rating('r2', 12)] }),
    ]);
    expect(rows.map((r) => [r._id, r.auctionTitle])).toEqual([
      ['r2', 'مزاد b'],
      ['r1', 'مزاد a'],
    ]);
  });

  it('marks what the viewer won', () => {
    expect(isWonBy(archived('a', 1, { winner: party('me') }), 'me')).toBe(true);
    expect(isWonBy(archived('a', 1, { winner: null }), 'me')).toBe(false);
  });
});
