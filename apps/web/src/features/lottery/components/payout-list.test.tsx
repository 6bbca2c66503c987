import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PayoutList } from './payout-list';

// `ticket/payout` rows as lottery.md §6 shapes them. The first is the §4 example: 2D posts A and B, 1,000 ៛,
// G8 = 14 and DB ends in 14: hits 2, payout 150,000 ៛.
const WIN_A = {
  item_id: 501,
  ticket_no: '0000012',
  type: 'VN',
  draw: { id: 11, code: 'VN-S-20261121', draw_at: '2026-11-21T16:15:00.000+07:00' },
  bet_type: '2D',
  posts: ['A', 'B'],
  number: '14',
  amount: 1_000,
  hits: [
    { code: 'G8', index: 1, number: '14' },
    { code: 'DB', index: 1, number: '14' },
  ],
  payout: 150_000,
  paid_at: '2026-11-21T16:15:04.000+07:00',
};
const WIN_B = {
  item_id: 502,
  ticket_no: '0000013',
  type: 'TN',
  draw: { id: 31, code: 'TN-20261121-1300', draw_at: '2026-11-21T13:00:00.000+07:00' },
  bet_type: '3D',
  posts: ['ROLL'],
  number: '563',
  amount: 100,
  hits: [{ code: 'A', index: 1, number: '563' }],
  payout: 65_000,
  paid_at: '2026-11-21T13:00:02.000+07:00',
};
const list = (
  items: object[],
  meta = { current_page: 1, per_page: 20, total: items.length, last_page: 1 },
) => ({
  body: {
    data: {
      items,
      meta,
      total: {
        count: meta.total,
        payout: (items as { payout: number }[]).reduce((sum, row) => sum + row.payout, 0),
      },
    },
  },
});

afterEach(async () => {
  await act(() => setLanguage('km'));
});

describe('the winnings of the ticket tab (lottery.md §6 ticket/payout, delete/payout/item)', () => {
  it('lists the winning items with their total, and hides one after a confirm without moving money', async () => {
    let hidden = false;
    const { calls } = mockFetch({
      'GET /api/lottery/ticket/payout': () => list(hidden ? [WIN_B] : [WIN_A, WIN_B]),
      'DELETE /api/lottery/ticket/delete/payout/item/501': () => {
        hidden = true;
        return { body: { data: { item_id: 501, hidden_at: '2026-11-21T17:00:00.000+07:00' } } };
      },
    });
    const { user } = renderWithProviders(<PayoutList />, { path: '/game/lottery/ticket' });

    const rows = await screen.findAllByTestId('payout-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'ប្រាក់ឈ្នះ' })).toBeTruthy();
    expect(rows[0]!.textContent).toContain('0000012');
    expect(rows[0]!.textContent).toContain('ឆ្នោតយួន · 21-11-2026 16:15');
    expect(rows[0]!.textContent).toContain('លេខ ២ ខ្ទង់ · A B');
    expect(within(rows[0]!).getByTestId('payout-hits').textContent).toBe('2');
    expect(within(rows[0]!).getByTestId('payout-amount').textContent).toBe('150,000 ៛');
    expect(rows[1]!.textContent).toContain('លេខ ៣ ខ្ទង់ · រ៉ូល');
    expect(screen.getByTestId('payout-total-count').textContent).toBe('2');
    expect(screen.getByTestId('payout-total-payout').textContent).toBe('215,000 ៛');
    expect(calls[0]!.url).toBe('/api/lottery/ticket/payout?page=1&per_page=20');

    await user.click(screen.getByRole('button', { name: 'លាក់ប្រាក់ឈ្នះនៃសំបុត្រ 0000012 លេខ 14' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('ដកប្រាក់ឈ្នះ 150,000 ៛ នេះចេញពីបញ្ជី?');
    await user.click(within(dialog).getByRole('button', { name: 'បញ្ជាក់' }));

    await waitFor(() => expect(screen.getAllByTestId('payout-row')).toHaveLength(1));
    expect(screen.getByTestId('payout-ticket-no').textContent).toBe('0000013');
    expect(screen.getByTestId('payout-total-payout').textContent).toBe('65,000 ៛');
    expect(await screen.findByText('បានដកចេញពីបញ្ជី')).toBeTruthy();
    // One hide, and nothing else was asked of the server but the list.
    expect(calls.map((c) => c.route).filter((r) => r.startsWith('DELETE'))).toEqual([
      'DELETE /api/lottery/ticket/delete/payout/item/501',
    ]);
    expect(new Set(calls.map((c) => c.route))).toEqual(
      new Set(['GET /api/lottery/ticket/payout', 'DELETE /api/lottery/ticket/delete/payout/item/501']),
    );
  });

  it('keeps the range and page in the address and asks the next page', async () => {
    const { calls } = mockFetch({
      'GET /api/lottery/ticket/payout': (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return list([page === 2 ? WIN_A : WIN_B], {
          current_page: page,
          per_page: 20,
          total: 41,
          last_page: 3,
        });
      },
    });
    const { user } = renderWithProviders(<PayoutList />, {
      path: '/game/lottery/ticket?from=2026-11-01&to=2026-11-21&page=2',
    });
    expect((await screen.findByTestId('payout-ticket-no')).textContent).toBe('0000012');
    expect(calls[0]!.url).toBe('/api/lottery/ticket/payout?from=2026-11-01&to=2026-11-21&page=2&per_page=20');
    expect(screen.getByText('ទំព័រ 2 / 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'បន្ទាប់' }));
    await waitFor(() => expect(screen.getByTestId('payout-ticket-no').textContent).toBe('0000013'));
    expect(calls.at(-1)!.url).toBe(
      '/api/lottery/ticket/payout?from=2026-11-01&to=2026-11-21&page=3&per_page=20',
    );
  });

  it('says so when a hide is refused, and keeps the row', async () => {
    mockFetch({
      'GET /api/lottery/ticket/payout': list([WIN_A]),
      'DELETE /api/lottery/ticket/delete/payout/item/501': {
        status: 409,
        body: { message: 'This item is not settled yet.', code: 'NOT_SETTLED' },
      },
    });
    const { user } = renderWithProviders(<PayoutList />);
    await user.click(await screen.findByTestId('hide-payout'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
    expect(await screen.findByText('មិនអាចលាក់បានទេ')).toBeTruthy();
    expect(screen.getAllByTestId('payout-row')).toHaveLength(1);
  });

  it('explains an empty period and a range over 31 days in Khmer', async () => {
    mockFetch({ 'GET /api/lottery/ticket/payout': list([]) });
    const empty = renderWithProviders(<PayoutList />);
    expect(await screen.findByText('មិនមានប្រាក់ឈ្នះក្នុងរយៈពេលនេះទេ')).toBeTruthy();
    expect(screen.getByTestId('payout-total-payout').textContent).toBe('0 ៛');
    empty.unmount();

    mockFetch({
      'GET /api/lottery/ticket/payout': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { to: ['x'] } },
      },
    });
    renderWithProviders(<PayoutList />, { path: '/?from=2026-01-01&to=2026-03-01' });
    expect(await screen.findByText('សូមជ្រើសរើសរយៈពេលមិនលើសពី ៣១ ថ្ងៃ។')).toBeTruthy();
  });

  it('speaks English when the player chose it', async () => {
    mockFetch({ 'GET /api/lottery/ticket/payout': list([WIN_A]) });
    await act(() => setLanguage('en'));
    renderWithProviders(<PayoutList />);
    expect(await screen.findByTestId('payout-row')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Winnings' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Hide the winnings of ticket 0000012, numbers 14' }),
    ).toBeTruthy();
    expect(screen.getByTestId('payout-row').textContent).toContain('Vietnamese lottery · 21-11-2026 16:15');
    expect(screen.getByText('Total winnings')).toBeTruthy();
  });
});
