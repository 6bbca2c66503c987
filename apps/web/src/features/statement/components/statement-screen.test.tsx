import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { VerifyResult } from '../verify/verify-transfer';
import { VerifyButton } from './verify-button';

const row = (
  id: number,
  product: string,
  kind: string,
  amount: number,
  balance: number,
  reference: unknown,
) => ({
  id,
  at: '2026-11-21T05:00:00.000Z',
  product,
  kind,
  reference,
  amount,
  balance_after: balance,
});

const STATEMENT = {
  data: {
    items: [
      row(5, 'SLOT', 'PAYOUT', 7_800, 108_300, { type: 'PROVIDER_ROUND', id: 'slot-1' }),
      row(4, 'CASINO', 'STAKE', -4_000, 100_500, { type: 'PROVIDER_ROUND', id: 'bac-1' }),
      row(3, 'LOTTERY', 'STAKE', -2_000, 104_500, { type: 'LOTTERY_TICKET', id: '7' }),
      row(2, 'LOTTO59', 'STAKE', -1_500, 106_500, { type: 'LOTTO59_TICKET', id: '901' }),
      row(1, 'CASHIER', 'DEPOSIT', 108_000, 108_000, null),
    ],
    meta: { current_page: 1, per_page: 20, total: 5, last_page: 1 },
    totals: [
      { product: 'LOTTO59', count: 1, credit: 0, debit: -1_500, net: -1_500 },
      { product: 'CASHIER', count: 1, credit: 108_000, debit: 0, net: 108_000 },
    ],
    daily: [
      { date: '2026-11-20', net: -3_000 },
      { date: '2026-11-21', net: 111_300 },
    ],
  },
};

describe('the statement screen (issue 25)', () => {
  it('lists every product in Khmer with its running balance, links and totals, and a chart of the days', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_IN, 'GET /api/statement': { body: STATEMENT } });
    renderApp('/transaction/statement?from=2026-11-01&to=2026-11-30');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByTestId('statement-product').textContent)).toEqual([
      'ស្លុត · ឈ្នះ',
      'កាស៊ីណូ · ភ្នាល់',
      'ឆ្នោត · ភ្នាល់',
      'ឡូតូ 59 · ភ្នាល់',
      'បេឡា · ដាក់ប្រាក់',
    ]);
    expect(rows.map((r) => within(r).getByTestId('statement-balance').textContent)).toEqual([
      '108,300 ៛',
      '100,500 ៛',
      '104,500 ៛',
      '106,500 ៛',
      '108,000 ៛',
    ]);
    expect(rows.map((r) => within(r).getByTestId('statement-reference').getAttribute('href'))).toEqual([
      '/report/casino',
      '/report/casino',
      '/ticket/lottery',
      '/ticket/lotto59/901',
      '/transaction/deposit',
    ]);
    expect(within(rows[3]!).getByTestId('statement-amount').textContent).toContain('1,500');
    expect(screen.getByTestId('statement-total-CASHIER').textContent).toBe('+108,000 ៛');
    expect(screen.getAllByTestId('statement-chart-bar')).toHaveLength(2);
    const call = calls.find((c) => c.route === 'GET /api/statement')!;
    expect(new URL(call.url, 'http://x').searchParams.get('from')).toBe('2026-11-01');
    expect(screen.getByTestId('statement-csv').getAttribute('href')).toBe(
      '/api/statement.csv?from=2026-11-01&to=2026-11-30&lang=km',
    );
  });

  it('filters by product with the chips (the CSV follows) and shows the empty state', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/statement': (call) =>
        call.url.includes('product=SPORT')
          ? {
              body: {
                data: {
                  items: [],
                  meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
                  totals: [],
                  daily: [],
                },
              },
            }
          : { body: STATEMENT },
    });
    renderApp('/transaction/statement?from=2026-11-01&to=2026-11-30');
    await screen.findByRole('table');
    await userEvent.click(screen.getByTestId('statement-chip-SPORT'));
    expect(await screen.findByText('មិនមានចលនាប្រាក់ក្នុងរយៈពេលនេះទេ')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('product=SPORT'))).toBe(true);
    expect(screen.getByTestId('statement-chip-SPORT').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('statement-csv').getAttribute('href')).toContain('product=SPORT');
  });

  it('shows the house error piece with a retry when the statement fails', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/statement': { status: 500, body: { message: 'x', code: 'INTERNAL' } },
    });
    renderApp('/transaction/statement');
    expect(await screen.findByRole('button', { name: 'ព្យាយាមម្ដងទៀត' })).toBeTruthy();
  });

  it('offers no CSV past 366 days', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN, 'GET /api/statement': { body: STATEMENT } });
    renderApp('/transaction/statement?from=2025-01-01&to=2026-01-02');
    await screen.findByRole('table');
    expect(screen.queryByTestId('statement-csv')).toBeNull();
  });

  it("verifies a row with the verifier it is given, showing each of the verifier's answers", async () => {
    for (const [answer, text] of [
      [{ state: 'pending-seal' }, 'រង់ចាំការបិទត្រា'],
      [{ state: 'verified', seal: 3 }, 'បានផ្ទៀងផ្ទាត់'],
      [{ state: 'mismatch' }, 'មិនត្រូវគ្នា'],
    ] as [VerifyResult, string][]) {
      const asked: number[] = [];
      const { unmount } = renderWithProviders(
        <VerifyButton
          row={{ id: 42, amount: -1_000, balance_after: 9_000 }}
          verify={(row) => (asked.push(row.id), Promise.resolve(answer))}
        />,
      );
      await userEvent.click(screen.getByTestId('statement-verify'));
      await waitFor(() => expect(screen.getByTestId('statement-verify-state').textContent).toBe(text));
      expect(screen.getByTestId('statement-verify-state').getAttribute('data-state')).toBe(answer.state);
      expect(asked).toEqual([42]);
      unmount();
    }
  });
});
