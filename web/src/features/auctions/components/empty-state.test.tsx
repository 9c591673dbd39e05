import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { EmptyState } from './empty-state';

const HINTS = 'GET /api/auctions/search-hints';

describe('EmptyState (R-SEARCH)', () => {
  it('offers the spellings and shorter searches the server found something for, as links to them', async () => {
    const { fetchMock, router } = renderWithApp(<EmptyState filtered />, {
      search: '?search=مسؤول%20مبيعات&page=2',
      api: {
        [HINTS]: () => ({
          suggestions: [
            { search: 'مسئول مبيعات', total: 3 },
            { search: 'مبيعات', total: 1000 },
          ],
          allCategoriesTotal: null,
        }),
      },
    });
    expect(screen.getByRole('heading')).toHaveTextContent('لم نجد مزادات تطابق «مسؤول مبيعات»');
    const tries = await screen.findByRole('list', { name: 'جرّب بحثاً آخر:' });
    const links = within(tries).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['«مسئول مبيعات»', '«مبيعات»']);
    expect(tries).toHaveTextContent('(3)');
    // The server counts a hint up to 1000: "this many or more".
    expect(tries).toHaveTextContent('(1000+)');
    expect(screen.queryByText('ابحث في كل الفئات')).toBeNull();
    const [asked] = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(asked.searchParams.get('search')).toBe('مسؤول مبيعات');
    expect(asked.searchParams.has('category')).toBe(false);

    fireEvent.click(links[0]);
    // The suggestion replaces the search and goes back to page 1.
    await waitFor(() =>
      expect([...new URLSearchParams(router.state.location.search)]).toEqual([['search', 'مسئول مبيعات']]),
    );
  });

  it('offers every category when one is chosen, with what the search finds there', async () => {
    const { router } = renderWithApp(<EmptyState filtered />, {
      search: '?search=نظارة&category=سيارات',
      api: { [HINTS]: () => ({ suggestions: [], allCategoriesTotal: 4 }) },
    });
    const everywhere = await screen.findByRole('link', { name: 'ابحث في كل الفئات' });
    await waitFor(() => expect(screen.getByRole('list')).toHaveTextContent('(4)'));
    fireEvent.click(everywhere);
    await waitFor(() => expect([...new URLSearchParams(router.state.location.search)]).toEqual([['search', 'نظارة']]));
  });

  it('does not offer every category when the search finds nothing there either', async () => {
    renderWithApp(<EmptyState filtered />, {
      search: '?search=طائرة&category=سيارات',
      api: { [HINTS]: () => ({ suggestions: [], allCategoriesTotal: 0 }) },
    });
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
    expect(screen.getByText('جرّب تغيير معايير البحث')).toBeInTheDocument();
  });

  it('without a search asks the server nothing, and offers every category when one is chosen', () => {
    const { fetchMock } = renderWithApp(<EmptyState filtered />, { search: '?category=أثاث' });
    expect(screen.getByRole('heading')).toHaveTextContent('لا توجد مزادات متاحة');
    expect(screen.getByRole('link', { name: 'عرض كل الفئات' })).toHaveAttribute('href', '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "save this search" only when the page gives it (saved searches), and no dead button otherwise', async () => {
    const api = { [HINTS]: () => ({ suggestions: [], allCategoriesTotal: null }) };
    const { unmount } = renderWithApp(<EmptyState filtered />, { search: '?search=زمرد', api });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithApp(<EmptyState filtered saveSearch={<button type="button">احفظ هذا البحث</button>} />, {
      search: '?search=زمرد',
      api,
    });
    expect(screen.getByRole('button', { name: 'احفظ هذا البحث' })).toBeInTheDocument();
  });

  it('still says what to do when the hints cannot be read', async () => {
    renderWithApp(<EmptyState filtered />, {
      search: '?search=شقة&category=عقارات',
      api: { [HINTS]: () => ({ status: 500, body: { message: 'خطأ' } }) },
    });
    expect(await screen.findByRole('link', { name: 'ابحث في كل الفئات' })).toBeInTheDocument();
  });
});
