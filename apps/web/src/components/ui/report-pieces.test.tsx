import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { LoadFailed } from './load-failed';
import { LoadingState } from './loading-state';
import { Pager, pagerLabels } from './pager';

describe('the shared list and report pieces', () => {
  it('LoadingState is a status named by its label, the spinner hidden from readers', () => {
    render(<LoadingState label="Loading…" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('LoadFailed says why in an alert and its button asks again', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="The report could not be loaded." retryLabel="Try again" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('The report could not be loaded.');
    expect(onRetry).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('EmptyState shows its line under a hidden icon, in a white box unless inside a card', () => {
    const { rerender } = render(<EmptyState>No tickets yet.</EmptyState>);
    const line = screen.getByText('No tickets yet.');
    const box = line.parentElement;
    expect(box?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(box?.className).toContain('bg-white');
    rerender(<EmptyState framed={false}>No tickets yet.</EmptyState>);
    expect(screen.getByText('No tickets yet.').parentElement?.className).not.toContain('bg-white');
  });

  it('pagerLabels reads the four words of a namespace, the page line with its numbers', () => {
    const words: Record<string, string> = {
      'report.pages': 'Pages',
      'report.previous': 'Previous',
      'report.next': 'Next',
      'report.pageOf': 'Page {{page}} of {{last}}',
    };
    const t = (
      key: `report.${'pages' | 'previous' | 'next' | 'pageOf'}`,
      values?: Record<string, string | number>,
    ) => (words[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name]));
    render(
      <Pager meta={{ current_page: 2, last_page: 3 }} onPage={() => {}} labels={pagerLabels(t, 'report')} />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });
});
