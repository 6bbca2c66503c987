import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TicketScreen } from './ticket-screen';

// One open VN-S ticket as lottery.md §6 shapes it: the §4 example (2D posts A and B, `10-14`, 1,000 ៛: face
// 10,000, discount 2,000, net 8,000) and a 3D ROLL item of 100 ៛ (17 lines: face 1,700, net 1,360).
const DRAW = { id: 11, code: 'VN-S-20261121', draw_at: '2026-11-21T16:15:00.000+07:00' };
const ITEM_2D = {
  id: 71,
  bet_type: '2D',
  posts: ['A', 'B'],
  numbers: ['10', '11', '12', '13', '14'],
  permute: false,
  amount: 1_000,
  lines: 2,
  face_amount: 10_000,
  discount: 2_000,
  net_amount: 8_000,
  status: 'OPEN',
  payout: 0,
  hits: [],
};
const ITEM_3D = {
  ...ITEM_2D,
  id: 72,
  bet_type: '3D',
  posts: ['ROLL'],
  numbers: ['123'],
  amount: 100,
  lines: 17,
  face_amount: 1_700,
  discount: 340,
  net_amount: 1_360,
};
const HEAD = {
  id: 41,
  ticket_no: '0000041',
  type: 'VN',
  status: 'OPEN',
  total_amount: 11_700,
  discount: 2_340,
  net_amount: 9_360,
  created_at: '2026-11-21T15:00:00.000+07:00',
};
const row = (drawStatus: string) => ({
  ...HEAD,
  draw: { ...DRAW, status: drawStatus },
  items: 2,
  payout: 0,
  outstanding: HEAD.net_amount,
});
const page = (items: object[]) => ({
  body: {
    data: { items, meta: { current_page: 1, per_page: 20, total: items.length, last_page: 1 } },
  },
});
const noPayouts = { body: { data: { ...page([]).body.data, total: { count: 0, payout: 0 } } } };

function serve(drawStatus = 'OPEN', onDelete?: () => void) {
  let deleted = false;
  return mockFetch({
    'GET /api/lottery/ticket/list': () => page(deleted ? [] : [row(drawStatus)]),
    'GET /api/lottery/ticket/items': {
      body: { data: { ticket: { ...HEAD, draw_id: DRAW.id }, items: [ITEM_2D, ITEM_3D] } },
    },
    'GET /api/lottery/ticket/payout': noPayouts,
    'DELETE /api/lottery/ticket/delete/41': () => {
      deleted = true;
      onDelete?.();
      return { body: { data: { ticket_id: 41, refunded: 9_360, balance: 59_360 } } };
    },
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => setLanguage('km'));
});

describe('the open tickets of the ticket tab (lottery.md §6 ticket/list, items, delete)', () => {
  it('deletes the whole ticket after a confirm: its net comes back once and the balance follows', async () => {
    const onBalance = vi.fn();
    const { calls } = serve();
    const { user } = renderWithProviders(<TicketScreen onBalance={onBalance} />, {
      path: '/game/lottery/ticket',
    });
    const card = await screen.findByTestId('lottery-ticket');
    await waitFor(() => expect(within(card).getAllByTestId('ticket-item')).toHaveLength(2));
    expect(within(card).getByTestId('ticket-net').textContent).toBe('9,360 ៛');

    // Cancel first: nothing is asked of the server.
    await user.click(within(card).getByTestId('delete-ticket'));
    const asked = await screen.findByRole('alertdialog');
    expect(asked.textContent).toContain('លុបសំបុត្រ 0000041 ហើយទទួលប្រាក់វិញ 9,360 ៛?');
    await user.click(within(asked).getByRole('button', { name: 'បោះបង់' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByTestId('delete-ticket'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onBalance).toHaveBeenCalledWith(59_360));
    expect(await screen.findByText('បានបង្វិលប្រាក់ 9,360 ៛')).toBeTruthy();
    expect(await screen.findByText('មិនមានសំបុត្រកំពុងរង់ចាំទេ')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.route)).toEqual([
      'DELETE /api/lottery/ticket/delete/41',
    ]);
  });

  it('offers no delete once the draw is past its cut-off', async () => {
    serve('CLOSED');
    renderWithProviders(<TicketScreen onBalance={vi.fn()} />, { path: '/game/lottery/ticket' });
    const card = await screen.findByTestId('lottery-ticket');
    await waitFor(() => expect(within(card).getAllByTestId('ticket-item')).toHaveLength(2));
    expect(within(card).queryByTestId('delete-ticket')).toBeNull();
    expect(within(card).queryByTestId('delete-item')).toBeNull();
  });

  it('prints one ticket: only that card is marked for the print stylesheet while the browser prints', async () => {
    serve();
    const marked: boolean[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      marked.push(screen.getByTestId('lottery-ticket').className.includes('lottery-print'));
    });
    const { user } = renderWithProviders(<TicketScreen onBalance={vi.fn()} />, {
      path: '/game/lottery/ticket',
    });
    const card = await screen.findByTestId('lottery-ticket');
    expect(card.className).not.toContain('lottery-print');
    await user.click(within(card).getByRole('button', { name: 'បោះពុម្ព' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Marked during the print (flushSync before window.print), unmarked after it.
    expect(marked).toEqual([true]);
    await waitFor(() =>
      expect(screen.getByTestId('lottery-ticket').className).not.toContain('lottery-print'),
    );
  });
});
