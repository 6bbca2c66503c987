import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LotteryResult } from '@lotto59/contract';
import { verifyDrawResult, VerifyPanel } from './verify-panel';

// lottery.md §7's test vectors, typed from the spec (not computed by the code under test).
const SEED = 'f02af43dc4270182694536a9b1488c4e4ddb1ff6102ef6507a565483719f35f3';
const HASH = 'da925cb0d28d0ab92b516b91c41b5cc0a6d1a2760eb86794377b6bbb055da1a0';
const VECTORS = {
  VN_SOUTH: {
    id: 1001,
    rows: 'G8 14|G7 386|G6 7242 6017 3864|G5 9843|G4 53308 29943 53973 73820 90821 12736 99874|G3 28962 54211|G2 20077|G1 19367|DB 376382',
  },
  KH: {
    id: 2001,
    rows: 'A2 04|A3 132|L2 6510 9131 0151|L3 9768|L4 36362 28675 46071 42740 93729 26385 50156|L5 97634 40710|L6 08889|L7 46697|B2 68|B3 304|C2 95|C3 340|D2 91|D3 173',
  },
  TN: { id: 3001, rows: 'A 563|B 814|C 402|D 028|E 460' },
} as const;

function resultOf(
  layout: keyof typeof VECTORS,
  change?: (lines: LotteryResult['lines']) => void,
): LotteryResult {
  const { id, rows } = VECTORS[layout];
  const lines = rows.split('|').flatMap((row) => {
    const [code = '', ...numbers] = row.split(' ');
    return numbers.map((number, i) => ({
      code,
      index: i + 1,
      digits: number.length,
      number,
      post: null,
      label_km: code,
      label_en: code,
    }));
  });
  change?.(lines);
  return {
    draw: {
      id,
      type: layout === 'VN_SOUTH' ? 'VN' : layout,
      code: `${layout}-${String(id)}`,
      label_km: layout,
      label_en: layout,
      layout,
      draw_at: '2025-06-01T16:15:00.000+07:00',
      cutoff_at: '2025-06-01T16:05:00.000+07:00',
      status: 'DRAWN',
      server_seed_hash: HASH,
    },
    source: 'ENGINE',
    algorithm: 'lottery-sheet-v1',
    server_seed_hash: HASH,
    server_seed: SEED,
    lines,
  };
}

describe('the verify panel (lottery.md §7)', () => {
  it.each([
    ['VN_SOUTH', 18],
    ['KH', 23],
    ['TN', 5],
  ] as const)('re-derives the %s vector in the browser: match', async (layout, count) => {
    const user = userEvent.setup();
    render(<VerifyPanel result={resultOf(layout)} />);
    await user.click(screen.getByRole('button', { name: 'ផ្ទៀងផ្ទាត់' }));
    const outcome = screen.getByTestId('verify-outcome');
    expect(outcome.dataset.match).toBe('true');
    expect(outcome.textContent).toContain('ហាសត្រូវគ្នានឹងគ្រាប់ពូជ');
    expect(outcome.textContent).toContain(`លទ្ធផលទាំងអស់ ${String(count)} លេខ`);
  });

  it('names a tampered number and what the seed gives instead: mismatch', async () => {
    const user = userEvent.setup();
    render(
      <VerifyPanel
        result={resultOf('VN_SOUTH', (lines) => {
          lines[0] = { ...lines[0]!, number: '15' };
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'ផ្ទៀងផ្ទាត់' }));
    const outcome = screen.getByTestId('verify-outcome');
    expect(outcome.dataset.match).toBe('false');
    expect(outcome.textContent).toContain('មិនត្រូវគ្នា៖ 1 លេខ');
    expect(outcome.textContent).toContain('15 → គណនាបាន 14');
  });

  it('refuses a seed that does not hash to the published hash', () => {
    const result = { ...resultOf('TN'), server_seed_hash: 'f'.repeat(64) };
    const verification = verifyDrawResult(result);
    expect(verification).toMatchObject({ kind: 'checked', hashOk: false, mismatched: [] });
  });

  it('finds a missing line and a line of another draw id', () => {
    const short = verifyDrawResult(resultOf('TN', (lines) => void lines.pop()));
    expect(short).toMatchObject({
      kind: 'checked',
      mismatched: [{ code: 'E', shown: null, expected: '460' }],
    });
    const otherDraw = resultOf('TN');
    const moved = verifyDrawResult({ ...otherDraw, draw: { ...otherDraw.draw, id: 3002 } });
    expect(moved.kind === 'checked' && moved.mismatched.length).toBeGreaterThan(0);
  });

  it('waits for the seed before the draw, and has none for a feed result', () => {
    const before = { ...resultOf('TN'), server_seed: null, lines: [] };
    render(<VerifyPanel result={before} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('គ្រាប់ពូជនឹងបង្ហាញនៅពេលចេញលទ្ធផល')).toBeTruthy();
    expect(verifyDrawResult({ ...resultOf('KH'), source: 'FEED', server_seed_hash: null })).toEqual({
      kind: 'no-seed',
    });
  });
});
