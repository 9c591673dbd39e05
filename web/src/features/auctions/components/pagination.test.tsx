import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows next only on the first page of several', () => {
    const onChange = vi.fn();
    render(<Pagination page={1} hasPrev={false} hasNext onChange={onChange} />);
    expect(screen.getByText(/صفحة/)).toHaveTextContent('صفحة 1');
    expect(screen.queryByRole('button', { name: /السابق/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /التالي/ }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows previous only on the last page', () => {
    const onChange = vi.fn();
    render(<Pagination page={3} hasPrev hasNext={false} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: /التالي/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /السابق/ }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows both in the middle, and nothing for a single page', () => {
    const { rerender } = render(<Pagination page={2} hasPrev hasNext onChange={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(2);
    rerender(<Pagination page={1} hasPrev={false} hasNext={false} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
