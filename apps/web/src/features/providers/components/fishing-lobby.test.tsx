import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const info = (provider: number, state: string, isLoading: 0 | 1, balance: number | null) => ({
  body: {
    data: {
      provider,
      mode: provider === 4 ? 'TRANSFER' : 'SEAMLESS',
      state,
      in_game_balance: balance,
      is_loading: isLoading,
      transfer: null,
      min_transfer: 1000,
    },
  },
});

describe('fishing lobby (providers.md §4)', () => {
  it('moves the amount in with settoken, then offers play and bringing the money back', async () => {
    let state = 'NONE';
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/fishing/information': (call) =>
        call.url.includes('provider=4')
          ? info(4, state, 0, state === 'ACTIVE' ? 20_000 : 0)
          : info(5, 'NONE', 0, 5),
      'POST /api/fishing/settoken': () => {
        state = 'ACTIVE';
        return { body: { data: { token: 't'.repeat(43), transfer_id: 'x', state: 'ACTIVE' } } };
      },
    });
    const { user } = renderApp('/game/fishing');
    const card = await screen.findByTestId('fishing-card-4');
    expect(await within(card).findByText('មិនទាន់បើក')).toBeTruthy();
    // Below the minimum the button stays off and says why.
    await user.type(within(card).getByRole('textbox'), '999');
    expect(within(card).getByRole('button', { name: 'ផ្ទេរប្រាក់ចូល ហើយបើក' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.clear(within(card).getByRole('textbox'));
    await user.type(within(card).getByRole('textbox'), '20,000');
    await user.click(within(card).getByRole('button', { name: 'ផ្ទេរប្រាក់ចូល ហើយបើក' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/fishing/settoken')?.body).toEqual({
        provider: 4,
        amount: 20_000,
      }),
    );
    expect(await within(card).findByRole('link', { name: 'លេង' })).toBeTruthy();
    expect(within(card).getByTestId('fishing-balance-4').textContent).toContain('20,000');
    expect(within(card).getByRole('button', { name: 'យកប្រាក់ត្រឡប់មកវិញ' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'លេង' }).getAttribute('href')).toBe('/game/fishing/play/4');
  });

  it('says the room left when the player’s own limit refuses the money moved in, with the limits page', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/fishing/information': (call) =>
        call.url.includes('provider=4') ? info(4, 'NONE', 0, 0) : info(5, 'NONE', 0, 5),
      'POST /api/fishing/settoken': {
        status: 422,
        body: { message: 'x', code: 'LIMIT_REACHED', remaining: 3000, kind: 'WAGER', period: 'DAY' },
      },
    });
    const { user } = renderApp('/game/fishing');
    const card = await screen.findByTestId('fishing-card-4');
    await user.type(await within(card).findByRole('textbox'), '20,000');
    await user.click(within(card).getByRole('button', { name: 'ផ្ទេរប្រាក់ចូល ហើយបើក' }));
    expect(
      await within(card).findByText('ការភ្នាល់នេះលើសដែនកំណត់ការភ្នាល់ប្រចាំថ្ងៃរបស់អ្នក។ នៅសល់ 3,000 ៛។', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'មើលដែនកំណត់របស់ខ្ញុំ' }).getAttribute('href')).toBe(
      '/user/limits',
    );
  });

  it('shows the transfer in flight and asks again until it is resolved', async () => {
    let loading: 0 | 1 = 1;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/fishing/information': (call) =>
        call.url.includes('provider=4')
          ? info(4, loading ? 'UNKNOWN' : 'ACTIVE', loading, 1_000)
          : info(5, 'NONE', 0, 5),
    });
    renderApp('/game/fishing');
    const card = await screen.findByTestId('fishing-card-4');
    expect(await within(card).findByTestId('fishing-in-flight')).toBeTruthy();
    const asked = () =>
      calls.filter((c) => c.route === 'GET /api/fishing/information' && c.url.includes('provider=4')).length;
    const before = asked();
    loading = 0;
    await waitFor(() => expect(asked()).toBeGreaterThan(before), { timeout: 8_000 });
    await waitFor(() => expect(within(card).queryByTestId('fishing-in-flight')).toBeNull());
    expect(within(card).getByTestId('fishing-state-4').getAttribute('data-state')).toBe('ACTIVE');
  }, 20_000);

  it('names the two modes of the one game apart, in Khmer and English; the minimum in ៛ (issue 26, item 9)', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/fishing/information': (call) =>
        call.url.includes('provider=4') ? info(4, 'NONE', 0, 0) : info(5, 'NONE', 0, 5),
    });
    renderApp('/game/fishing');
    const transfer = await screen.findByTestId('fishing-card-4');
    const seamless = screen.getByTestId('fishing-card-5');
    // Each card is a region named by its own heading: two names, two landmarks (axe landmark-unique).
    expect(screen.getByRole('region', { name: 'នាគសមុទ្រ · ផ្ទេរប្រាក់ចូលហ្គេម' })).toBe(transfer);
    expect(screen.getByRole('region', { name: 'នាគសមុទ្រ · លេងពីសមតុល្យមេ' })).toBe(seamless);
    expect(await within(transfer).findByText('យ៉ាងតិច 1,000 ៛')).toBeTruthy();
    expect(transfer.textContent).not.toContain('រៀល');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('region', { name: 'Ocean Dragon · money moved in' })).toBe(transfer);
    expect(screen.getByRole('region', { name: 'Ocean Dragon · main balance' })).toBe(seamless);
    expect(within(transfer).getByText('At least 1,000 ៛')).toBeTruthy();
    await act(() => setLanguage('km'));
  });
});
