import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeList } from '@/testing/auction-fixtures';
import { mockApi, renderApp } from '@/testing/test-utils';

function allAuctionsApi() {
  mockApi({
    'GET /api/auctions': () =>
      makeList([
        makeAuction({ _id: 'x1', id: 'x1', title: 'دراجة جبلية' }),
        makeAuction({ _id: 'x2', id: 'x2', title: 'كاميرا رقمية' }),
      ]),
  });
}

describe('all auctions page: grid/list toggle', () => {
  it('starts as a grid and renders the same auctions as a list, kept in ?view=list', async () => {
    allAuctionsApi();
    const { router } = renderApp('/auctions');
    await screen.findByRole('article', { name: 'دراجة جبلية' });
    const toggle = screen.getByRole('group', { name: 'طريقة العرض' });
    const grid = within(toggle).getByRole('button', { name: 'شبكة' });
    const list = within(toggle).getByRole('button', { name: 'قائمة' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(list).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('list', { name: 'المزادات' })).toHaveClass('auction-grid--four');

    fireEvent.click(list);
    expect(await screen.findByRole('button', { name: 'قائمة', pressed: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=list');
    const shown = screen.getByRole('list', { name: 'المزادات' });
    expect(shown).toHaveClass('auction-grid--list');
    expect(shown).not.toHaveClass('auction-grid--four');
    expect(within(shown).getAllByRole('article')).toHaveLength(2);
    expect(within(shown).getByRole('article', { name: 'كاميرا رقمية' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'شبكة' }));
    expect(await screen.findByRole('button', { name: 'شبكة', pressed: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('list', { name: 'المزادات' })).toHaveClass('auction-grid--four');
  });

  it('opens straight in the list view from the URL, headings in order (h1 then h2)', async () => {
    allAuctionsApi();
    renderApp('/auctions?view=list');
    await screen.findByRole('article', { name: 'دراجة جبلية' });
    expect(screen.getByRole('list', { name: 'المزادات' })).toHaveClass('auction-grid--list');
    expect(screen.getByRole('heading', { level: 2, name: 'قائمة المزادات' })).toBeInTheDocument();
  });
});
