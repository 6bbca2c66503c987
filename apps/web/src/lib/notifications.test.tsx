import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsHost } from '@/components/ui/notifications-host';
import { bannerDurationMs, notifications } from './notifications';

const winner = (bet_id: number, diff = 2) => ({ bet_id, diff, price: 150_000 });

describe('notification timers (seed §2, §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<NotificationsHost />);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides the status toast after 850 ms; a new one starts the time again', () => {
    act(() => notifications.toast({ status: 'SUCCESS' }));
    expect(screen.getByRole('status').textContent).toBe('ជោគជ័យ');
    act(() => vi.advanceTimersByTime(849));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => notifications.toast({ status: 'LOADING' }));
    act(() => vi.advanceTimersByTime(600));
    act(() => notifications.toast({ status: 'ERROR', message: 'Boom' }));
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole('alert').textContent).toBe('Boom');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a spinner and "the draw is loading" while loading', () => {
    act(() => notifications.toast({ status: 'LOADING' }));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toBe('កំពុងផ្ទុកលទ្ធផលឆ្នោត…');
    expect(toast.querySelector('.animate-spin')).not.toBeNull();
  });

  it('keeps the winners banner 10 s plus 10 s per winner', () => {
    act(() => notifications.showBanner({ winners: [winner(1234), winner(77, 1)] }));
    const banner = screen.getByRole('region', { name: 'អ្នកឈ្នះ' });
    expect(banner.textContent).toContain('សំបុត្រលេខ 0001234 បានឈ្នះ ជែកផតតូច ចំនួន 150,000 ៛');
    expect(banner.textContent).toContain('សំបុត្រលេខ 0000077 បានឈ្នះ ជែកផតថ្នាក់ទី 1');
    act(() => vi.advanceTimersByTime(29_999));
    expect(screen.queryByRole('region', { name: 'អ្នកឈ្នះ' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'អ្នកឈ្នះ' })).toBeNull();
  });

  it('keeps a banner with a message 60 s, whatever the winners', () => {
    act(() => notifications.showBanner({ message: 'Draw 12 is paid', winners: [winner(1)] }));
    act(() => vi.advanceTimersByTime(59_999));
    expect(screen.getByRole('region', { name: 'អ្នកឈ្នះ' }).textContent).toContain('Draw 12 is paid');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'អ្នកឈ្នះ' })).toBeNull();
  });

  it('computes the banner time from the seed’s rule', () => {
    expect(bannerDurationMs({})).toBe(10_000);
    expect(bannerDurationMs({ winners: [winner(1), winner(2), winner(3)] })).toBe(40_000);
    expect(bannerDurationMs({ message: 'm', winners: [winner(1)] })).toBe(60_000);
  });
});

describe('toasts queue (issue 11: feedback that is never lost)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    notifications.reset();
    render(<NotificationsHost />);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps "bet placed" on screen when "the draw is loading" comes right after, each for its own time', () => {
    act(() => notifications.toast({ status: 'SUCCESS', message: 'Placed' }));
    act(() => vi.advanceTimersByTime(400));
    act(() => notifications.toast({ status: 'LOADING' }));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Placed', 'កំពុងផ្ទុកលទ្ធផលឆ្នោត…']);
    act(() => vi.advanceTimersByTime(450));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['កំពុងផ្ទុកលទ្ធផលឆ្នោត…']);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the same toast once, and at most a few at a time (the oldest go first)', () => {
    act(() => notifications.toast({ status: 'LOADING' }));
    act(() => notifications.toast({ status: 'LOADING' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    for (const message of ['a', 'b', 'c', 'd'])
      act(() => notifications.toast({ status: 'SUCCESS', message }));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['b', 'c', 'd']);
  });

  it('stands at the bottom, above the bar a screen pins there, never at the top over the countdown', () => {
    act(() => notifications.toast({ status: 'SUCCESS' }));
    const stack = screen.getByTestId('toast-stack');
    expect(stack.className).toContain('bottom-[calc(var(--bottom-bar-height,0px)+0.75rem)]');
    expect(stack.className).not.toMatch(/\btop-/);
  });
});
