import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderWithApp } from '@/testing/test-utils';
import { RATING_INVALID_DATA, RATING_TIMEOUT_MS } from '../api/rate-seller';
import { conversation } from '../test-fixtures';
import { RatingModal } from './rating-modal';
import { ALREADY_RATED_TEXT, StatusPanel } from './status-panel';

const rated = { success: true, message: 'تم إرسال التقييم بنجاح', rating: {} };

describe('RatingModal', () => {
  it('five stars, 5 by default; sends the chosen stars and the trimmed comment', async () => {
    const onRated = vi.fn();
    const { fetchMock } = renderWithApp(
      <RatingModal open onClose={() => {}} sellerId="seller-1" auctionId="a-1" onRated={onRated} />,
      {
        api: { 'POST /api/users/seller-1/rate': () => ({ status: 201, body: rated }) },
      },
    );
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '5 من 5 نجوم' })).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByRole('radio', { name: '3 من 5 نجوم' }));
    expect(screen.getByRole('radio', { name: '3 من 5 نجوم' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.change(screen.getByLabelText('تعليق (اختياري)'), { target: { value: '  بائع ممتاز  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال التقييم' }));

    await waitFor(() => expect(onRated).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST /api/users/seller-1/rate')).toEqual([
      { auctionId: 'a-1', role: 'seller', stars: 3, comment: 'بائع ممتاز' },
    ]);
    expect(await screen.findByText('تم إرسال التقييم بنجاح')).toBeInTheDocument();
  });

  it('the comment is optional: an empty one is not sent', async () => {
    const { fetchMock } = renderWithApp(
      <RatingModal open onClose={() => {}} sellerId="seller-1" auctionId="a-1" onRated={() => {}} />,
      {
        api: { 'POST /api/users/seller-1/rate': () => ({ status: 201, body: rated }) },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'إرسال التقييم' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/users/seller-1/rate')).toEqual([
        { auctionId: 'a-1', role: 'seller', stars: 5 },
      ]),
    );
  });

  it('missing seller or auction: the invalid-data toast and no call', async () => {
    const { fetchMock } = renderWithApp(
      <RatingModal open onClose={() => {}} sellerId={undefined} auctionId="a-1" onRated={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'إرسال التقييم' }));
    expect(await screen.findByText(RATING_INVALID_DATA)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/users/undefined/rate')).toHaveLength(0);
  });

  it('shows the server refusal (already rated) and stays open', async () => {
    const body = {
      statusCode: 409,
      code: 'ALREADY_RATED',
      message: 'لقد قمت بتقييم البائع لهذا المزاد مسبقاً',
      error: 'لقد قمت بتقييم البائع لهذا المزاد مسبقاً',
    };
    const onRated = vi.fn();
    renderWithApp(<RatingModal open onClose={() => {}} sellerId="seller-1" auctionId="a-1" onRated={onRated} />, {
      api: { 'POST /api/users/seller-1/rate': () => ({ status: 409, body }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال التقييم' }));
    expect(await screen.findByText(body.message)).toBeInTheDocument();
    expect(onRated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('gives up after 10 s with the time-out message', async () => {
    expect(RATING_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onRated = vi.fn();
      renderWithApp(<RatingModal open onClose={() => {}} sellerId="seller-1" auctionId="a-1" onRated={onRated} />);
      // A server that never answers (until the request is aborted).
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_: unknown, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
        ),
      );
      fireEvent.click(screen.getByRole('button', { name: 'إرسال التقييم' }));
      await vi.advanceTimersByTimeAsync(9_000);
      expect(screen.queryByText(/انتهت مهلة الاتصال/)).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await screen.findByText(/انتهت مهلة الاتصال/)).toBeInTheDocument();
      expect(onRated).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('StatusPanel', () => {
  const noop = () => {};
  it('the winner sees confirm receipt and the rate button until rated', () => {
    renderWithApp(
      <StatusPanel
        auction={conversation().auction}
        userId="winner-1"
        confirming={false}
        onConfirm={noop}
        onRate={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'تأكيد الاستلام' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تقييم البائع' })).toBeInTheDocument();
  });

  it('once rated the rate button is hidden and a note says so', () => {
    const auction = conversation({
      isRatedBySeller: true,
      isDealConfirmed: true,
      dealConfirmedAt: '2025-03-10T10:00:00.000Z',
    }).auction;
    renderWithApp(
      <StatusPanel auction={auction} userId="winner-1" confirming={false} onConfirm={noop} onRate={noop} />,
    );
    expect(screen.queryByRole('button', { name: 'تقييم البائع' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تأكيد الاستلام' })).not.toBeInTheDocument();
    expect(screen.getByText(ALREADY_RATED_TEXT)).toBeInTheDocument();
  });

  it('the seller never gets the winner buttons', () => {
    renderWithApp(
      <StatusPanel
        auction={conversation().auction}
        userId="seller-1"
        confirming={false}
        onConfirm={noop}
        onRate={noop}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/بانتظار تأكيد الفائز/)).toBeInTheDocument();
  });
});
