import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type RecordedCall } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const item = (
  id: number,
  amount: number,
  balanceAfter: number,
  note: string | null = null,
  kind = 'deposit',
) => ({
  id,
  type: 'deposit',
  kind,
  amount,
  balance_after: balanceAfter,
  note,
  created_at: '2026-11-21T05:00:00.000Z',
});

const page = (
  items: unknown[],
  meta: Partial<{ current_page: number; last_page: number; total: number }>,
  total = 0,
) => ({
  body: {
    data: {
      items,
      meta: { current_page: 1, per_page: 20, total: items.length, last_page: 1, ...meta },
      total_amount: total,
    },
  },
});

describe('deposit history (seed §2)', () => {
  it('lists the rows with riel amounts, Phnom Penh dates in Khmer, their kind, notes and the total', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/transaction/list': page(
        [
          item(3, 2_500, 52_500),
          item(2, 40_000, 50_000, 'counter 1'),
          item(1, 10_000, 10_000, null, 'opening_balance'),
        ],
        {},
        52_500,
      ),
    });
    renderApp('/transaction/deposit');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // Seed: DD-MM-YYYY hh:mm A, the day period in Khmer; the row named by its kind, not the server's note.
    expect(rows[1]!.textContent).toBe('21-11-2026 12:00 ល្ងាចដាក់ប្រាក់2,500 ៛52,500 ៛');
    expect(rows[2]!.textContent).toContain('ដាក់ប្រាក់counter 1');
    expect(rows[3]!.textContent).toBe('21-11-2026 12:00 ល្ងាចសមតុល្យដំបូងនៃគណនី10,000 ៛10,000 ៛');
    expect(screen.getByTestId('transactions-total').textContent).toBe('52,500 ៛');
    expect(calls.find((c) => c.route === 'GET /api/transaction/list')?.url).toBe(
      '/api/transaction/list?type=deposit&page=1&per_page=20',
    );
  });

  it('filters by date through the address and pages through the list', async () => {
    const lists: RecordedCall[] = [];
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/transaction/list': (call) => {
        lists.push(call);
        const pageNo = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return page(
          [item(pageNo, 1_000 * pageNo, 0)],
          { current_page: pageNo, last_page: 2, total: 21 },
          21_000,
        );
      },
    });
    const { router, user } = renderApp('/transaction/deposit');
    await screen.findByRole('table');

    // Typed as the seed writes dates (DD-MM-YYYY), sent as the API's YYYY-MM-DD.
    await user.type(screen.getByLabelText('ចាប់ពីថ្ងៃ'), '01-11-2026');
    await user.type(screen.getByLabelText('ដល់ថ្ងៃ'), '21-11-2026');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-21'));
    await waitFor(() => expect(lists.at(-1)?.url).toContain('from=2026-11-01&to=2026-11-21&page=1'));

    expect(screen.getByText('ទំព័រ 1 / 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'បន្ទាប់' }));
    await waitFor(() => expect(screen.getByText('ទំព័រ 2 / 2')).toBeTruthy());
    expect(lists.at(-1)?.url).toContain('page=2');
    expect(screen.getByRole('button', { name: 'បន្ទាប់' }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a start after the end without calling the server', async () => {
    const { routesCalled } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/transaction/list': page([], {}),
    });
    const { user } = renderApp('/transaction/deposit');
    await screen.findByText('មិនមានការដាក់ប្រាក់ក្នុងរយៈពេលនេះទេ។');
    const before = routesCalled().length;
    await user.type(screen.getByLabelText('ចាប់ពីថ្ងៃ'), '21-11-2026');
    await user.type(screen.getByLabelText('ដល់ថ្ងៃ'), '01-11-2026');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ថ្ងៃចាប់ផ្ដើមត្រូវនៅមុន ឬស្មើថ្ងៃបញ្ចប់');
    expect(routesCalled()).toHaveLength(before);
  });

  it('refuses a date that is not DD-MM-YYYY without calling the server, in Khmer', async () => {
    const { routesCalled } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/transaction/list': page([], {}),
    });
    const { user } = renderApp('/transaction/deposit');
    await screen.findByText('មិនមានការដាក់ប្រាក់ក្នុងរយៈពេលនេះទេ។');
    const before = routesCalled().length;
    await user.type(screen.getByLabelText('ចាប់ពីថ្ងៃ'), '11/31/2026');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    expect((await screen.findByRole('alert')).textContent).toBe('សូមវាយកាលបរិច្ឆេទជាទម្រង់ ថថ-ខខ-ឆឆឆឆ');
    expect(screen.getByLabelText('ចាប់ពីថ្ងៃ').getAttribute('aria-invalid')).toBe('true');
    expect(routesCalled()).toHaveLength(before);
  });

  it('shows an applied range from the address as DD-MM-YYYY', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN, 'GET /api/transaction/list': page([], {}) });
    renderApp('/transaction/deposit?from=2026-11-01&to=2026-11-21');
    await screen.findByText('មិនមានការដាក់ប្រាក់ក្នុងរយៈពេលនេះទេ។');
    expect((screen.getByLabelText('ចាប់ពីថ្ងៃ') as HTMLInputElement).value).toBe('01-11-2026');
    expect((screen.getByLabelText('ដល់ថ្ងៃ') as HTMLInputElement).value).toBe('21-11-2026');
  });

  it('shows the empty state of withdrawals', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN, 'GET /api/transaction/list': page([], {}) });
    renderApp('/transaction/withdraw');
    expect(await screen.findByText('មិនមានការដកប្រាក់ក្នុងរយៈពេលនេះទេ។')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ប្រវត្តិដកប្រាក់' })).toBeTruthy();
    expect(screen.getByTestId('transactions-total').textContent).toBe('0 ៛');
  });
});
