import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { PLAYER, SIGNED_IN, SIGNED_OUT } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { VIEW_MODE_STORAGE_KEY } from '@/lib/view-mode';

const MENU_HREFS = [
  '/game/lotto/59',
  '/game/sport',
  '/game/casino',
  '/game/fishing',
  // Issue 26: the games page, one more entry after the seed's games.
  '/games',
  '/ticket/lotto59',
  '/transaction/withdraw',
  '/transaction/deposit',
  // Issue 25: the statement, beside deposits and withdrawals.
  '/transaction/statement',
  '/report/lotto/59',
  '/report/sport',
  '/report/casino',
  '/report/fishing',
  '/user/password',
  // Issue 26 item 3: the push opt-in, in the account group (decision 0051).
  '/user/notifications',
  // Issue 24: responsible gaming, under change password (responsible-gaming.md §5).
  '/user/limits',
  '/logout',
];

describe('main layout (seed §2)', () => {
  it('has header, nav and main landmarks; the menu is links in seed order with version 2.0', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    renderApp('/game/lotto/59');
    const nav = await screen.findByRole('navigation', { name: 'ម៉ឺនុយមេ' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(MENU_HREFS);
    expect(nav.textContent).toContain('2.0');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(nav.style.width).toBe('3.15rem');
  });

  it('leads from the menu’s account group to the notifications opt-in, named in Khmer (issue 26)', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/v1/push/key': { body: { data: { enabled: true, public_key: '' } } },
    });
    const { router } = renderApp('/game/lotto/59');
    const nav = await screen.findByRole('navigation', { name: 'ម៉ឺនុយមេ' });
    const link = within(nav).getByRole('link', { name: 'ការជូនដំណឹង' });
    expect(link.getAttribute('href')).toBe('/user/notifications');
    await router.navigate('/user/notifications');
    expect(await screen.findByRole('heading', { name: 'ការជូនដំណឹង' })).toBeTruthy();
    // jsdom has no service worker: the page says the browser cannot, and asks for no permission.
    expect(await screen.findByText(/កម្មវិធីរុករកនេះមិនអាចបង្ហាញការជូនដំណឹងបានទេ/)).toBeTruthy();
    await router.navigate('/user/password');
    expect(await screen.findByRole('heading', { name: 'ប្ដូរពាក្យសម្ងាត់' })).toBeTruthy();
    await router.navigate('/user/elsewhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
  });

  it('shows the username in upper case and the balance with ៛, but not on sport, casino and slots', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { router } = renderApp('/game/lotto/59');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('PLAYER01')).toBeTruthy();
    expect(within(header).getByTestId('top-bar-balance').textContent).toBe('សមតុល្យ: 1,000,000 ៛');
    for (const path of ['/game/sport', '/game/casino', '/game/slot/play/3']) {
      await router.navigate(path);
      await waitFor(() => expect(within(header).queryByTestId('top-bar-balance')).toBeNull());
    }
    await router.navigate('/transaction/deposit');
    await waitFor(() => expect(within(header).queryByTestId('top-bar-balance')).not.toBeNull());
  });

  it('opens the phone menu as an overlay that closes when an item is chosen', async () => {
    localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'mobile');
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/transaction/list': {
        body: {
          data: {
            items: [],
            meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
            total_amount: 0,
          },
        },
      },
    });
    const { router, user } = renderApp('/game/lotto/59');
    expect(screen.queryByRole('navigation')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'បើកម៉ឺនុយ' }));
    const drawer = screen.getByRole('dialog', { name: 'ម៉ឺនុយមេ' });
    await user.click(within(drawer).getByRole('link', { name: 'ប្រវត្តិដាក់ប្រាក់' }));
    expect(router.state.location.pathname).toBe('/transaction/deposit');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Phone game pages get a back button.
    await router.navigate('/game/sport');
    expect(await screen.findByRole('button', { name: 'ថយក្រោយ' })).toBeTruthy();
  });

  it('expands the desktop menu to 14rem while pinned by the menu button', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { user } = renderApp('/game/lotto/59');
    const nav = await screen.findByRole('navigation', { name: 'ម៉ឺនុយមេ' });
    await user.click(screen.getByRole('button', { name: 'ពង្រីកម៉ឺនុយ' }));
    expect(nav.style.width).toBe('14rem');
    expect(screen.getByRole('main').style.paddingLeft).toBe('14rem');
  });

  it('switches the view and reloads (seed §2)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { user } = renderApp('/game/lotto/59');
    await user.click(await screen.findByRole('button', { name: 'ប្ដូរទៅទិដ្ឋភាពទូរស័ព្ទ' }));
    expect(localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('mobile');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives the listed accounts a Mobile/Desktop button on desktop game pages only (seed §6)', async () => {
    mockFetch({ 'GET /api/user': { body: { data: { ...PLAYER, auth: { id: 7, username: 'p' } } } } });
    const { router } = renderApp('/game/lotto/59');
    expect(await screen.findByRole('button', { name: 'ទូរស័ព្ទ / កុំព្យូទ័រ' })).toBeTruthy();
    await router.navigate('/transaction/deposit');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ទូរស័ព្ទ / កុំព្យូទ័រ' })).toBeNull());
  });

  it('does not give it to other accounts', async () => {
    mockFetch({ 'GET /api/user': { body: { data: { ...PLAYER, auth: { id: 1000, username: 'p' } } } } });
    renderApp('/game/lotto/59');
    await screen.findByRole('navigation');
    expect(screen.queryByRole('button', { name: 'ទូរស័ព្ទ / កុំព្យូទ័រ' })).toBeNull();
  });
});

describe('routes that depend on the player (seed §2, §4, §6)', () => {
  it.each([
    '/game/lottery',
    '/game/lottery/timeout',
    '/game/lottery/result',
    '/game/lottery/report',
    '/game/lottery/ticket',
    '/game/lottery/bet/vn',
    '/report/lottery',
    '/ticket/lottery',
  ])('has no %s route when the lottery flag is off (to the landing page)', async (path) => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/game/lotto/59'));
  });

  it('shows the lottery screens and menu links with the flag on', async () => {
    mockFetch({ 'GET /api/user': { body: { data: { ...PLAYER, enableLottery: true } } } });
    const { router } = renderApp('/game/lottery/bet/vn');
    expect(await screen.findByRole('heading', { name: 'ឆ្នោត' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'ឆ្នោតយួន' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/lottery/bet/vn');
    expect(screen.getAllByRole('link', { name: 'របាយការណ៍ឆ្នោត' }).length).toBeGreaterThan(0);
  });

  it('labels the landing button "log in" or "start playing"', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/');
    const login = await screen.findByRole('link', { name: 'ចូល' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(login.getAttribute('target')).toBeNull();
  });

  it('labels it "start playing" for a player, leading to lotto 59', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'ចាប់ផ្ដើមលេង' })).getAttribute('href')).toBe(
      '/game/lotto/59',
    );
  });

  it('sets the poll cookie from the user detail (seed §4)', async () => {
    mockFetch({ 'GET /api/user': { body: { data: { ...PLAYER, enableFastGamePlay: true } } } });
    renderApp('/game/lotto/59');
    await waitFor(() => expect(document.cookie).toContain('poll=POLL_2'));
  });

  it('refetches the user detail every 3 s on the fishing page while is_loading is 1 (seed §4)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let loading = 1;
      const { routesCalled } = mockFetch({
        'GET /api/user': () => ({ body: { data: { ...PLAYER, is_loading: loading } } }),
      });
      renderApp('/game/fishing');
      await screen.findByRole('heading', { name: 'ហ្គេមបាញ់ត្រី' });
      const userCalls = () => routesCalled().filter((r) => r === 'GET /api/user').length;
      const before = userCalls();
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(userCalls()).toBe(before + 1));
      loading = 0;
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(userCalls()).toBe(before + 2));
      await vi.advanceTimersByTimeAsync(9_000);
      expect(userCalls()).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
