import type { ChatMessage } from '@mazad/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serverEmit } from '@/testing/fake-socket';
import { callsTo, makeUser, renderWithApp } from '@/testing/test-utils';
import { UPDATE_UNREAD_EVENT } from '../api/unread-count';
import { chatMessage, conversation, SELLER, WINNER } from '../test-fixtures';
import { MessagesPage } from './messages-page';

const winner = makeUser({ _id: WINNER._id, id: WINNER.id, name: WINNER.name });
const fromSeller = (id: string, minute: number, extra: Partial<ChatMessage> = {}) =>
  chatMessage(id, `2025-03-10T10:${String(minute).padStart(2, '0')}:00.000Z`, {
    sender: SELLER,
    receiver: WINNER,
    ...extra,
  });

function openChat(thread: ChatMessage[], api: Record<string, (body: unknown) => unknown> = {}) {
  window.history.pushState({}, '', '/');
  const view = renderWithApp(<MessagesPage user={winner} />, {
    user: winner,
    api: {
      'GET /api/messages/conversations': () => ({
        success: true,
        conversations: [{ ...conversation(), unreadCount: 2 }],
      }),
      'GET /api/messages/auction/a-1': () => ({ success: true, messages: thread }),
      ...api,
    },
  });
  return view;
}

describe('MessagesPage', () => {
  it('opening a conversation shows its bubbles, clears its unread count and refreshes the header badge', async () => {
    const badge = vi.fn();
    window.addEventListener(UPDATE_UNREAD_EVENT, badge);
    const { router } = openChat([fromSeller('m1', 1), fromSeller('m2', 2)]);
    const item = await screen.findByTestId('conversation-item');
    expect(within(item).getByTestId('conversation-unread')).toHaveTextContent('2');
    fireEvent.click(item);
    expect(router.state.location.search).toBe('?auction=a-1');
    expect(await screen.findAllByTestId('chat-message')).toHaveLength(2);
    await waitFor(() => expect(within(item).queryByTestId('conversation-unread')).not.toBeInTheDocument());
    expect(badge).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'عرض المزاد' })).toHaveAttribute('href', '/auction/a-1');
    window.removeEventListener(UPDATE_UNREAD_EVENT, badge);
  });

  it('a message delivered twice (new-message and new_message) shows once, with one toast', async () => {
    openChat([fromSeller('m1', 1)]);
    fireEvent.click(await screen.findByTestId('conversation-item'));
    await screen.findAllByTestId('chat-message');
    const live = fromSeller('m9', 30, { content: 'وصلت الرسالة' });
    serverEmit('new-message', live);
    serverEmit('new_message', live);
    serverEmit('new-message', live);
    expect(await screen.findByText('وصلت الرسالة')).toBeInTheDocument();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByText(`رسالة جديدة من ${SELLER.name}`)).toHaveLength(1));
  });

  it('my own message from the socket gets no toast; message_read turns its tick to read', async () => {
    const mine = chatMessage('m5', '2025-03-10T10:05:00.000Z', { sender: WINNER, receiver: SELLER });
    openChat([mine]);
    fireEvent.click(await screen.findByTestId('conversation-item'));
    const tick = await screen.findByTestId('read-tick');
    expect(tick).toHaveAttribute('data-read', 'false');
    serverEmit('message_read', {
      auctionId: 'a-1',
      readerId: SELLER._id,
      messageIds: ['m5'],
      readAt: '2025-03-10T10:06:00.000Z',
    });
    await waitFor(() => expect(screen.getByTestId('read-tick')).toHaveAttribute('data-read', 'true'));
    expect(screen.queryByText(/رسالة جديدة من/)).not.toBeInTheDocument();
  });

  it('sends the trimmed text, blocks blank text, and disables the box while sending', async () => {
    const { fetchMock } = openChat([], {
      'POST /api/messages': (body) => {
        const b = body as { content: string };
        return {
          status: 201,
          body: {
            success: true,
            message: chatMessage('new', '2025-03-10T10:10:00.000Z', {
              sender: WINNER,
              receiver: SELLER,
              content: b.content,
            }),
          },
        };
      },
    });
    fireEvent.click(await screen.findByTestId('conversation-item'));
    const box = await screen.findByLabelText('نص الرسالة');
    const send = screen.getByRole('button', { name: 'إرسال' });
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '  مرحباً، متى التسليم؟  ' } });
    fireEvent.click(send);
    expect(box).toBeDisabled();
    expect(await screen.findByText('مرحباً، متى التسليم؟')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/messages')).toEqual([
      { auctionId: 'a-1', receiverId: SELLER._id, content: 'مرحباً، متى التسليم؟' },
    ]);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('?auction= of someone else’s sale: the server refuses and the screen says why', async () => {
    window.history.pushState({}, '', '/');
    const refusal = 'المحادثة متاحة فقط بين البائع والفائز في هذا المزاد';
    const { router } = renderWithApp(<MessagesPage user={winner} />, {
      user: winner,
      api: {
        'GET /api/messages/conversations': () => ({ success: true, conversations: [] }),
        'GET /api/messages/auction/other': () => ({
          status: 403,
          body: { statusCode: 403, code: 'CONVERSATION_FORBIDDEN', message: refusal, error: refusal },
        }),
      },
    });
    await router.navigate('/?auction=other');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByLabelText('نص الرسالة')).not.toBeInTheDocument();
  });
});
