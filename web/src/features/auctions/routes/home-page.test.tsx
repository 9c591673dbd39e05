import { AuctionStatus, SocketEvents } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverEmit } from '@/testing/fake-socket';
import { makeUser, mockApi, renderApp, storeSession, type Handler } from '@/testing/test-utils';
import { makeAuction, makeList } from '@/testing/auction-fixtures';
import { forgetFirstVisitForTests } from '../lib/first-visit';

type Query = Record<string, string>;

function homeApi(
  list: (query: Query) => ReturnType<typeof makeList> = () => makeList([makeAuction()]),
  extra: Record<string, Handler> = {},
) {
  const queries: Query[] = [];
  const fetchMock = mockApi({
    'GET /api/auctions': (_body, url) => {
      const query = Object.fromEntries(url.searchParams);
      queries.push(query);
      return list(query);
    },
    'GET /api/stats': () => ({ totalAuctions: 12, activeAuctions: 5, soldAuctions: 4, totalBids: 1234 }),
    'GET /api/banners': () => ({
      success: true,
      banners: [
        { _id: 'b1', id: 'b1', text: 'مزاد خيري يوم الجمعة', link: null, isActive: true, order: 1, createdAt: '' },
      ],
    }),
    ...extra,
  });
  return { queries, fetchMock };
}

const search = (router: ReturnType<typeof renderApp>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('home page', () => {
  it('lists page 1 with limit 50 and shows stats, banner and the donation note', async () => {
    const { queries } = homeApi();
    renderApp('/');
    expect(await screen.findByRole('article', { name: 'ساعة يد كلاسيكية' })).toBeInTheDocument();
    expect(queries[0]).toEqual({ page: '1', limit: '50' });
    const stats = screen.getByRole('region', { name: 'إحصائيات الموقع' });
    await waitFor(() => expect(stats).toHaveTextContent('1,234'));
    expect(stats).toHaveTextContent('إجمالي المزادات');
    expect(await screen.findByRole('link', { name: /مزاد خيري يوم الجمعة/ })).toHaveAttribute(
      'href',
      '/announcement-details',
    );
    expect(screen.getByText(/فئة «تبرعات»/)).toBeInTheDocument();
    expect(screen.getAllByText('قريباً')).toHaveLength(2);
  });

  it("shows the console's main banner at the top: before the filters, the grid and the statistics", async () => {
    homeApi(undefined, {
      'GET /api/site-content': () => ({
        success: true,
        banner: { title: 'أهلاً في مزاد عمّان', subtitle: '', description: '' },
        features: [],
      }),
    });
    renderApp('/');
    const welcome = await screen.findByRole('heading', { name: 'أهلاً في مزاد عمّان' });
    const grid = await screen.findByRole('list', { name: 'قائمة المزادات' });
    const stats = await screen.findByRole('region', { name: 'إحصائيات الموقع' });
    const filters = screen.getByRole('region', { name: 'تصفية المزادات' });
    for (const later of [filters, grid, stats]) {
      expect(welcome.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('changing the category writes it to the URL, goes back to page 1 and refetches', async () => {
    const { queries } = homeApi((q) =>
      makeList([makeAuction()], { page: Number(q.page), hasPrev: q.page !== '1', hasNext: true }),
    );
    const { router } = renderApp('/?search=ساعة&page=3');
    await screen.findByRole('article');
    expect(queries.at(-1)).toMatchObject({ search: 'ساعة', page: '3' });
    fireEvent.click(screen.getByRole('button', { name: 'تقنية' }));
    await waitFor(() => expect(search(router)).toEqual({ search: 'ساعة', category: 'إلكترونيات' }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ search: 'ساعة', category: 'إلكترونيات', page: '1', limit: '50' }),
    );
    expect(screen.getByRole('button', { name: 'تقنية' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'الكل' }));
    await waitFor(() => expect(search(router)).toEqual({ search: 'ساعة' }));
  });

  it('the time filter and the pagination change the query parameters', async () => {
    const { queries } = homeApi((q) =>
      makeList([makeAuction()], { page: Number(q.page), hasPrev: q.page !== '1', hasNext: q.page === '1' }),
    );
    const { router } = renderApp('/');
    await screen.findByRole('article');
    fireEvent.change(screen.getByLabelText('ينتهي'), { target: { value: '1day' } });
    await waitFor(() => expect(search(router)).toEqual({ timeFilter: '1day' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ timeFilter: '1day', page: '1' }));
    fireEvent.click(await screen.findByRole('button', { name: /التالي/ }));
    await waitFor(() => expect(search(router)).toEqual({ timeFilter: '1day', page: '2' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '2' }));
    expect(await screen.findByRole('button', { name: /السابق/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /التالي/ })).not.toBeInTheDocument();
  });

  it('shows the empty state with the right hint', async () => {
    homeApi(() => makeList([]));
    const { router } = renderApp('/');
    expect(await screen.findByText('لا توجد مزادات متاحة')).toBeInTheDocument();
    expect(screen.getByText('تحقق لاحقاً من المزادات الجديدة')).toBeInTheDocument();
    await act(() => router.navigate('/?category=أثاث'));
    expect(await screen.findByText('جرّب تغيير معايير البحث')).toBeInTheDocument();
  });

  it("shows every auction of the page the server answers: which ones are listed is the server's rule", async () => {
    homeApi(() =>
      makeList(
        [
          makeAuction({ _id: 'a-open-000001', title: 'مفتوح' }),
          makeAuction({
            _id: 'a-sold-old-01',
            title: 'مباع منذ قليل',
            status: AuctionStatus.Sold,
            // 11 minutes before the answer's serverTime: the browser no longer second-guesses the server.
            endTime: '2025-05-31T23:49:00.000Z',
          }),
        ],
        { hasNext: true },
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('article', { name: 'مفتوح' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'مباع منذ قليل' })).toBeInTheDocument();
    expect(screen.queryByText('لا توجد مزادات متاحة')).not.toBeInTheDocument();
  });

  it('adds a matching new auction at the top of the newest-first list (the default order), highlighted, and ignores others', async () => {
    homeApi();
    renderApp('/?category=سيارات');
    await screen.findByRole('article');
    act(() =>
      serverEmit(SocketEvents.NewAuction, makeAuction({ _id: 'new-furniture-1', title: 'كنبة', category: 'أثاث' })),
    );
    act(() =>
      serverEmit(
        SocketEvents.NewAuction,
        makeAuction({ _id: 'new-car-000001', title: 'سيارة عائلية', category: 'سيارات' }),
      ),
    );
    const card = await screen.findByRole('article', { name: 'سيارة عائلية' });
    expect(card).toHaveClass('auction-card--new');
    expect(within(card).getByText('جديد')).toBeInTheDocument();
    expect(screen.getAllByRole('article')[0]).toBe(card);
    expect(screen.queryByRole('article', { name: 'كنبة' })).not.toBeInTheDocument();
    expect(screen.getByText('تمت إضافة مزاد جديد')).toBeInTheDocument();
  });

  it('ordered by the soonest end, a new auction takes its place by its end', async () => {
    homeApi(() =>
      makeList([
        makeAuction({ _id: 'soon-000001', title: 'ينتهي قريباً', endTime: '2099-01-01T01:00:00.000Z' }),
        makeAuction({ _id: 'late-000001', title: 'ينتهي لاحقاً', endTime: '2099-01-03T00:00:00.000Z' }),
      ]),
    );
    renderApp('/?sort=ending');
    await screen.findByRole('article', { name: 'ينتهي لاحقاً' });
    act(() =>
      serverEmit(
        SocketEvents.NewAuction,
        makeAuction({ _id: 'middle-00001', title: 'بينهما', endTime: '2099-01-02T00:00:00.000Z' }),
      ),
    );
    await screen.findByRole('article', { name: 'بينهما' });
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && card.textContent),
    ).toEqual([
      expect.stringContaining('ينتهي قريباً'),
      expect.stringContaining('بينهما'),
      expect.stringContaining('ينتهي لاحقاً'),
    ]);
  });

  it('the order and the price range live in the URL, go to the API and survive a reload; back undoes them', async () => {
    const { queries } = homeApi();
    const { router } = renderApp('/?search=ساعة');
    await screen.findByRole('article');
    // A search is ranked by relevance unless an order is chosen.
    const order = screen.getByLabelText('الترتيب');
    expect(order).toHaveValue('relevance');
    fireEvent.change(order, { target: { value: 'price_asc' } });
    await waitFor(() => expect(search(router)).toEqual({ search: 'ساعة', sort: 'price_asc' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'ساعة', sort: 'price_asc', page: '1' }));

    fireEvent.click(screen.getByText('نطاق السعر'));
    fireEvent.change(screen.getByLabelText('من (د.أ)'), { target: { value: '١٠' } });
    fireEvent.change(screen.getByLabelText('إلى (د.أ)'), { target: { value: '250.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    await waitFor(() =>
      expect(search(router)).toEqual({ search: 'ساعة', sort: 'price_asc', minPrice: '10', maxPrice: '250.5' }),
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ minPrice: '10', maxPrice: '250.5' }));
    expect(screen.getByText(/السعر: 10\.000 د\.أ – 250\.500 د\.أ/)).toBeInTheDocument();

    // What a reload reads: the same URL gives the same controls and the same request.
    await act(() => router.navigate('/?search=ساعة&sort=price_desc&minPrice=5'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sort: 'price_desc', minPrice: '5' }));
    expect(screen.getByLabelText('الترتيب')).toHaveValue('price_desc');
    expect(screen.getByLabelText('من (د.أ)')).toHaveValue('5');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('الترتيب')).toHaveValue('price_asc'));
  });

  it('a price range that cannot apply says why and changes nothing', async () => {
    homeApi();
    const { router } = renderApp('/');
    await screen.findByRole('article');
    expect(screen.getByLabelText('الترتيب')).toHaveValue('newest');
    expect(screen.queryByRole('option', { name: 'الأكثر صلة' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('نطاق السعر'));
    fireEvent.change(screen.getByLabelText('من (د.أ)'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('إلى (د.أ)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('الحد الأدنى للسعر أكبر من الحد الأعلى');
    expect(search(router)).toEqual({});
  });

  it('shows the welcome card on the first visit only', async () => {
    forgetFirstVisitForTests();
    homeApi(undefined, {
      'GET /api/site-content': () => ({
        success: true,
        banner: { title: 'أهلاً في مزاد عمّان', subtitle: '', description: '' },
        features: [],
      }),
    });
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'أهلاً في مزاد عمّان' })).toBeInTheDocument();
    first.unmount();
    // The next page load (the module's memory of this one forgotten, the storage kept).
    forgetFirstVisitForTests();
    renderApp('/');
    await screen.findByRole('article');
    expect(screen.queryByRole('heading', { name: 'أهلاً في مزاد عمّان' })).not.toBeInTheDocument();
    forgetFirstVisitForTests();
  });

  it('sends signed-out visitors of the create buttons to /login with the toast', async () => {
    homeApi();
    const { router } = renderApp('/');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء مزاد جديد' }));
    expect(await screen.findByText('يجب تسجيل الدخول لإنشاء مزاد جديد')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('links the create buttons to /create-auction when signed in', async () => {
    const user = makeUser();
    storeSession(user);
    homeApi(undefined, { 'GET /api/auth/me': () => ({ user }) });
    renderApp('/');
    await screen.findByRole('article');
    expect(screen.getByRole('link', { name: 'إنشاء مزاد جديد' })).toHaveAttribute('href', '/create-auction');
    expect(screen.getByRole('link', { name: /أنشئ مزادك الآن/ })).toHaveAttribute('href', '/create-auction');
  });
});

describe('all auctions page', () => {
  it('is titled, asks for page 1 with limit 20 and filters by category', async () => {
    const { queries } = homeApi();
    const { router } = renderApp('/auctions');
    expect(await screen.findByRole('heading', { level: 1, name: 'جميع المزادات' })).toBeInTheDocument();
    await screen.findByRole('article');
    expect(queries[0]).toEqual({ page: '1', limit: '20' });
    fireEvent.click(screen.getByRole('button', { name: 'عقارات' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ category: 'عقارات', page: '1', limit: '20' }));
    expect(search(router)).toEqual({ category: 'عقارات' });
  });

  it('pages 20 at a time with previous and next, and a filter change goes back to page 1', async () => {
    const { queries } = homeApi((q) =>
      makeList([makeAuction({ title: `مزاد الصفحة ${q.page}` })], {
        page: Number(q.page),
        hasPrev: q.page !== '1',
        hasNext: q.page !== '3',
      }),
    );
    const { router } = renderApp('/auctions');
    await screen.findByRole('article', { name: 'مزاد الصفحة 1' });
    fireEvent.click(screen.getByRole('button', { name: /التالي/ }));
    expect(await screen.findByRole('article', { name: 'مزاد الصفحة 2' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ page: '2', limit: '20' });
    expect(search(router)).toEqual({ page: '2' });
    expect(screen.getByRole('button', { name: /السابق/ })).toBeInTheDocument();

    await act(() => router.navigate('/auctions?page=3'));
    expect(await screen.findByRole('article', { name: 'مزاد الصفحة 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /التالي/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'أثاث' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ category: 'أثاث', page: '1', limit: '20' }));
    expect(search(router)).toEqual({ category: 'أثاث' });
  });

  it('shows both empty-state hints', async () => {
    homeApi(() => makeList([]));
    const { router } = renderApp('/auctions');
    expect(await screen.findByText('تحقق لاحقاً من المزادات الجديدة')).toBeInTheDocument();
    await act(() => router.navigate('/auctions?timeFilter=1hour'));
    expect(await screen.findByText('جرّب تغيير معايير البحث')).toBeInTheDocument();
  });
});
