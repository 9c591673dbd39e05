import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STANDING_TEXT } from '../../lib/standing';
import { StandingLine } from './standing-line';

const { leading: LEADING_TEXT, outbid: OUTBID_TEXT } = STANDING_TEXT;

describe('StandingLine', () => {
  it('leading: the green line, and the member’s own maximum for them alone', () => {
    render(
      <StandingLine
        standing="leading"
        nextBid={61}
        own={{ amount: 80, setAt: '2026-01-01T00:00:00Z' }}
        onBid={vi.fn()}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(LEADING_TEXT);
    expect(screen.getByText(LEADING_TEXT).closest('p')).toHaveClass('standing__line--leading');
    expect(screen.getByTestId('own-max-bid')).toHaveTextContent('حدك الأقصى: 80.000 د.أ');
  });

  it('outbid: the red line with the next amount, and a way to the bid box', () => {
    const onBid = vi.fn();
    render(<StandingLine standing="outbid" nextBid={61} own={null} onBid={onBid} />);
    const line = screen.getByText(new RegExp(OUTBID_TEXT)).closest('p')!;
    expect(line).toHaveClass('standing__line--outbid');
    expect(line).toHaveTextContent('المزايدة التالية 61.000 د.أ');
    fireEvent.click(screen.getByRole('button', { name: 'زايد الآن' }));
    expect(onBid).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('own-max-bid')).toBeNull();
  });
});
