import type { ResultGrid } from '@lotto59/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsGrid } from './results-grid';

const item = (id: number, over: boolean): ResultGrid['items'][number] =>
  over
    ? { result_id: id, type: 'RANGE_4', status: 'OVER', total: 340, label: 'BIG_4' }
    : { result_id: id, type: 'RANGE_1', status: 'UNDER', total: 200, label: 'SMALL_1' };

describe('results grid (seed §4)', () => {
  it('lays the last 10 results out in 7 rows (RANGE_1…RANGE_7) and 10 columns, oldest on the left', () => {
    const items = Array.from({ length: 12 }, (_, i) => item(i + 1, i % 2 === 1));
    render(<ResultsGrid grid={{ poll: 'POLL_2', items }} />);
    const table = screen.getByTestId('results-grid');
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1ចន្លោះ 1',
      '2ចន្លោះ 2',
      '3ចន្លោះ 3',
      '4ចន្លោះ 4',
      '5ចន្លោះ 5',
      'Uក្រោម',
      'Oលើ',
    ]);
    const columns = within(head!).getAllByRole('columnheader').slice(1);
    expect(columns).toHaveLength(10);
    expect(columns[0]!.textContent).toBe('ជុំ 3200');
    expect(columns[9]!.textContent).toBe('ជុំ 12340');
    for (const row of rows) expect(within(row).getAllByRole('cell')).toHaveLength(10);
    // Two marks per round: its band and its side.
    const marked = (row: number) =>
      within(rows[row]!)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.marked === 'true');
    expect(marked(0)).toEqual([true, false, true, false, true, false, true, false, true, false]);
    expect(marked(3)).toEqual([false, true, false, true, false, true, false, true, false, true]);
    expect(marked(5)).toEqual(marked(0));
    expect(marked(6)).toEqual(marked(3));
    expect(table.querySelectorAll('td[data-marked]')).toHaveLength(20);
  });

  it('keeps 10 empty columns before any result', () => {
    render(<ResultsGrid grid={undefined} />);
    const rows = within(screen.getByTestId('results-grid')).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[1]!).getAllByRole('cell')).toHaveLength(10);
    expect(screen.getByTestId('results-grid').querySelectorAll('td[data-marked]')).toHaveLength(0);
  });
});
