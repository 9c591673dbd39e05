import { AuctionStatus } from '@mazad/contracts';
import { AppException } from '../common/errors/app.exception';
import { assertChatParty, ChatAuction, partyNames } from './chat-access';

const sold: ChatAuction = {
  id: 'a',
  title: 'مزاد',
  status: AuctionStatus.Sold,
  sellerId: 'seller',
  sellerName: 'البائع',
  winnerId: 'winner',
  winnerName: 'الفائز',
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof AppException ? err.code : 'other';
  }
}

describe('chat access rule', () => {
  it('gives each party the other one', () => {
    expect(assertChatParty(sold, 'seller')).toEqual({ id: 'winner', name: 'الفائز' });
    expect(assertChatParty(sold, 'winner')).toEqual({ id: 'seller', name: 'البائع' });
  });

  it('refuses anyone else, and every auction that is not sold', () => {
    expect(codeOf(() => assertChatParty(sold, 'someone'))).toBe('CONVERSATION_FORBIDDEN');
    for (const status of [AuctionStatus.Active, AuctionStatus.Unsold, AuctionStatus.Deleted, AuctionStatus.Cancelled]) {
      expect(codeOf(() => assertChatParty({ ...sold, status }, 'seller'))).toBe('CONVERSATION_FORBIDDEN');
    }
    expect(codeOf(() => assertChatParty({ ...sold, winnerId: null, winnerName: null }, 'seller'))).toBe(
      'CONVERSATION_FORBIDDEN',
    );
  });

  it('names both parties', () => {
    expect(Object.fromEntries(partyNames(sold))).toEqual({ seller: 'البائع', winner: 'الفائز' });
  });
});
