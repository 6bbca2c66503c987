import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import type { TicketQuery } from '../../api/get-tickets';
import { TicketFilters } from './ticket-filters';

/** The ticket list's part: the applied filter becomes the query (the address, in the app). */
function Harness({ initial, onApply }: { initial: TicketQuery; onApply: Mock }) {
  const [query, setQuery] = useState(initial);
  return (
    <TicketFilters
      query={query}
      onApply={(next) => {
        onApply(next);
        setQuery({ ...next, page: 1 });
      }}
    />
  );
}

/** Seed: dates are typed and shown `DD-MM-YYYY` in both languages; the address and the API keep `YYYY-MM-DD`. */
function renderFilters(query: { from?: string; to?: string } = {}) {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={{ type: 'ALL', page: 1, ...query }} onApply={onApply} />);
  return {
    onApply,
    user,
    from: screen.getByLabelText<HTMLInputElement>('ចាប់ពីថ្ងៃ'),
    to: screen.getByLabelText<HTMLInputElement>('ដល់ថ្ងៃ'),
  };
}

describe('the ticket filter’s dates', () => {
  it('shows the range of the address as DD-MM-YYYY in text fields, not the browser’s date picker', () => {
    const { from, to } = renderFilters({ from: '2026-11-01', to: '2026-11-23' });
    expect(from.value).toBe('01-11-2026');
    expect(to.value).toBe('23-11-2026');
    expect(from.type).toBe('text');
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(from.placeholder).toBe('ថ្ងៃ-ខែ-ឆ្នាំ');
    expect(screen.getByText('ទម្រង់ ថថ-ខខ-ឆឆឆឆ ឧទាហរណ៍ 23-11-2026')).toBeTruthy();
    expect(from.getAttribute('aria-describedby')).toBe(to.getAttribute('aria-describedby'));
  });

  it('accepts DD-MM-YYYY (Khmer digits too), tidies it when the field is left, and applies the API’s format', async () => {
    const { from, to, onApply, user } = renderFilters();
    await user.type(from, '5-11-2026');
    await user.tab();
    expect(from.value).toBe('05-11-2026');
    await user.type(to, '២៣-១១-២០២៦');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    expect(onApply).toHaveBeenCalledWith({
      type: 'ALL',
      from: '2026-11-05',
      to: '2026-11-23',
      resultId: undefined,
    });
    expect(to.value).toBe('23-11-2026');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a date typed the American way, or a reversed range, in place and without a search', async () => {
    const { from, to, onApply, user } = renderFilters();
    await user.type(from, '11/23/2026');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    expect(screen.getByRole('alert').textContent).toBe('សូមវាយកាលបរិច្ឆេទជាទម្រង់ ថថ-ខខ-ឆឆឆឆ');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-invalid')).toBeNull();

    await user.clear(from);
    await user.type(from, '24-11-2026');
    await user.type(to, '23-11-2026');
    await user.click(screen.getByRole('button', { name: 'ស្វែងរក' }));
    expect(screen.getByRole('alert').textContent).toBe('ថ្ងៃចាប់ផ្ដើមត្រូវនៅមុន ឬស្មើថ្ងៃបញ្ចប់');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('is DD-MM-YYYY in English too', async () => {
    await act(() => setLanguage('en'));
    const onApply = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={{ type: 'ALL', page: 1, from: '2026-11-02' }} onApply={onApply} />);
    const from = screen.getByLabelText<HTMLInputElement>('From');
    expect(from.value).toBe('02-11-2026');
    expect(from.placeholder).toBe('DD-MM-YYYY');
    await user.type(screen.getByLabelText('To'), '30-11-2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ from: '2026-11-02', to: '2026-11-30' }));
  });
});
