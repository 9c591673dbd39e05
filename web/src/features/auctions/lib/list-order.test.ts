import { describe, expect, it } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { insertionIndex } from './list-order';

const at = (id: string, endTime: string, currentPrice: number) => makeAuction({ _id: id, endTime, currentPrice });

describe('insertionIndex: where a new auction joins a page', () => {
  const page = [
    at('a', '2099-01-01T01:00:00Z', 10),
    at('b', '2099-01-01T03:00:00Z', 30),
    at('c', '2099-01-01T05:00:00Z', 50),
  ];
  const fresh = at('new', '2099-01-01T04:00:00Z', 40);

  it('newest first (the default without a search), and a search ranked by relevance: the top', () => {
    expect(insertionIndex(page, fresh, 'newest', { searching: false })).toBe(0);
    expect(insertionIndex(page, fresh, undefined, { searching: false })).toBe(0);
    expect(insertionIndex(page, fresh, undefined, { searching: true })).toBe(0);
  });

  it('ending soonest and by price: its place in the order', () => {
    expect(insertionIndex(page, fresh, 'ending', { searching: false })).toBe(2);
    expect(insertionIndex(page, fresh, 'ending', { searching: true })).toBe(2);
    expect(insertionIndex(page, fresh, 'price_asc', { searching: false })).toBe(2);
    expect(insertionIndex(page, fresh, 'price_desc', { searching: false })).toBe(0);
  });

  it('after the auctions it ties with; past the end of a full page: a later page', () => {
    expect(insertionIndex(page, at('tie', '2099-01-01T03:00:00Z', 30), 'price_asc', { searching: false })).toBe(2);
    const last = at('late', '2099-01-02T00:00:00Z', 99);
    expect(insertionIndex(page, last, 'ending', { searching: false, pageSize: 10 })).toBe(3);
    expect(insertionIndex(page, last, 'ending', { searching: false, pageSize: 3 })).toBe(-1);
  });
});
