import type { BetReport } from '@lotto59/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportChart } from './report-chart';

const day = (date: string, turnover: number, winLoss: number) => ({
  date,
  count: 1,
  turnover,
  payout: turnover + winLoss,
  win_loss: winLoss,
  outstanding: 0,
});

const REPORT: BetReport = {
  // Newest first, as the API answers.
  items: [day('2026-11-23', 4_000, -4_000), day('2026-11-22', 1_000, 8_200), day('2026-11-21', 2_000, 0)],
  total: { count: 3, turnover: 7_000, payout: 11_200, win_loss: 4_200, outstanding: 0 },
};

describe('the lotto 59 report chart', () => {
  it('draws one column per day, oldest on the left, summarised in Khmer for screen readers', () => {
    render(<ReportChart report={REPORT} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('ក្រាហ្វ 3 ថ្ងៃ៖ ទឹកប្រាក់ភ្នាល់សរុប 7,000 ៛ ឈ្នះ/ចាញ់សរុប +4,200 ៛');
    const days = screen.getAllByTestId('report-chart-day');
    expect(days.map((g) => g.getAttribute('data-date'))).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(days[2]!.querySelector('title')?.textContent).toBe(
      '23-11-2026៖ ទឹកប្រាក់ភ្នាល់ 4,000 ៛ ឈ្នះ/ចាញ់ −4,000 ៛',
    );
  });

  it('draws a win up in green and a loss down in red from one zero line, to one scale', () => {
    render(<ReportChart report={REPORT} />);
    const [even, win, loss] = screen.getAllByTestId('report-chart-win-loss');
    const zeroY = Number(document.querySelector('line')?.getAttribute('y1'));
    const num = (el: Element | undefined, attr: string) => Number(el?.getAttribute(attr));
    expect(num(even, 'height')).toBe(0);
    expect(win!.getAttribute('fill')).toBe('#059669');
    expect(num(win, 'y') + num(win, 'height')).toBeCloseTo(zeroY);
    expect(loss!.getAttribute('fill')).toBe('#dc2626');
    expect(num(loss, 'y')).toBeCloseTo(zeroY);
    // The same riel scale for every bar: the 8,200 win is 2.05 times the 4,000 loss.
    expect(num(win, 'height') / num(loss, 'height')).toBeCloseTo(8_200 / 4_000);
  });

  it('draws nothing for a report without days', () => {
    const { container } = render(<ReportChart report={{ items: [], total: REPORT.total }} />);
    expect(container.innerHTML).toBe('');
  });
});
