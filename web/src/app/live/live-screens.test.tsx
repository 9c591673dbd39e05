import { SocketEvents, type Conversation } from '@mazad/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { conversation, SELLER, WINNER } from '@/features/messages/test-fixtures';
import { act } from '@testing-library/react';
import { trackConnection, type TrackedSocket } from '@/lib/socket-connection';
import { fakeSocket, serverEmit, simulateConnect } from '@/testing/fake-socket';
import { makeUser, mockApi, renderApp, storeSession } from '@/testing/test-utils';

const seller = makeUser({ _id: SELLER._id, id: SELLER.id, name: SELLER.name });

/** The whole app (header included, where the member's events are heard) at /messages, signed in as the seller. */
function sellerOnMessages(list: () => Conversation[]) {
  storeSession(seller);
  mockApi({
    'GET /api/auth/me': () => ({ user: seller }),
    'GET /api/messages/unread-count': () => ({ count: 0 }),
    'GET /api/messages/conversations': () => ({ success: true, conversations: list() }),
    'GET /api/messages/auction/a-1': () => ({ success: true, messages: [] }),
  });
  return renderApp('/messages?auction=a-1');
}

describe('/messages follows the member events without a reload', () => {
  it("the seller's deal panel changes when the winner confirms receipt elsewhere", async () => {
    let confirmed = false;
    sellerOnMessages(() => [
      conversation(confirmed ? { isDealConfirmed: true, dealConfirmedAt: '2026-01-01T10:00:00.000Z' } : {}, 'seller'),
    ]);
    expect(await screen.findByText('بانتظار تأكيد الفائز لاستلام السلعة.')).toBeInTheDocument();
    confirmed = true;
    serverEmit(SocketEvents.DealConfirmed, {
      auctionId: 'a-1',
      confirmedBy: WINNER._id,
      dealConfirmedAt: '2026-01-01T10:00:00.000Z',
    });
    expect(await screen.findByText(/أكّد الفائز استلام السلعة/)).toBeInTheDocument();
    expect(screen.queryByText('بانتظار تأكيد الفائز لاستلام السلعة.')).not.toBeInTheDocument();
  });

  it('a sale made while the page is open appears in the conversation list', async () => {
    const first = conversation({}, 'seller');
    const sale = conversation({ _id: 'a-2', id: 'a-2', title: 'دراجة هوائية' }, 'seller');
    const list = [first];
    sellerOnMessages(() => list);
    await screen.findByText('بانتظار تأكيد الفائز لاستلام السلعة.');
    expect(screen.getAllByTestId('conversation-item')).toHaveLength(1);
    list.unshift({ ...sale, _id: 'a-2', id: 'a-2' }); // the server now lists the new sale first
    serverEmit(SocketEvents.ConversationCreated, {
      auctionId: 'a-2',
      title: 'دراجة هوائية',
      seller: SELLER,
      winner: WINNER,
    });
    await screen.findByText('دراجة هوائية');
    const items = screen.getAllByTestId('conversation-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('دراجة هوائية')).toBeInTheDocument();
  });

  it('a sale made after the page read its list but before its socket connected shows once it connects', async () => {
    trackConnection(fakeSocket as unknown as TrackedSocket, { min: 1_000, max: 5_000 });
    const list = [conversation({}, 'seller')];
    sellerOnMessages(() => list);
    await screen.findByText('بانتظار تأكيد الفائز لاستلام السلعة.');
    // The sale happens while the page is not yet connected: its conversation_created never arrives.
    list.unshift({ ...conversation({ _id: 'a-3', id: 'a-3', title: 'طاولة خشبية' }, 'seller'), _id: 'a-3', id: 'a-3' });
    act(() => simulateConnect());
    expect(await screen.findByText('طاولة خشبية')).toBeInTheDocument();
    expect(screen.getAllByTestId('conversation-item')).toHaveLength(2);
  });
});
