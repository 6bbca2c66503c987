import { describe, expect, it } from 'vitest';
import { notificationOf } from './notification-text';

describe('the push notification text (decision 0051)', () => {
  it('"your ticket won": Khmer first, English second, no amount, opens the game’s ticket list', () => {
    const { title, options } = notificationOf({
      type: 'ticket_won',
      game: 'lottery',
      url: '/ticket/lottery',
    });
    expect(title).toBe('ឆ្នោត: សំបុត្ររបស់អ្នកឈ្នះ!');
    expect(options.body).toMatch(/^បើកកម្មវិធី.*\nLottery: your ticket won!/s);
    expect(`${title} ${options.body}`).not.toMatch(/\d{2}/);
    expect(options.data).toEqual({ url: '/ticket/lottery' });
  });

  it('"the draw starts in 1 minute" for lotto 59', () => {
    const { title, options } = notificationOf({ type: 'draw_soon', game: 'lotto59', url: '/game/lotto/59' });
    expect(title).toBe('ឡូតូ 59: ការចាប់ឆ្នោតចាប់ផ្ដើមក្នុង ១ នាទី');
    expect(options.body).toContain('Lotto 59: the draw you bet on starts in 1 minute.');
    expect(options.tag).toBe('draw-soon-Lotto 59');
  });

  it('never sends a tap outside the app, and survives a payload it cannot read', () => {
    expect(notificationOf({ type: 'ticket_won', url: 'https://evil.example/' }).options.data).toEqual({
      url: '/',
    });
    expect(notificationOf({ type: 'ticket_won', url: '//evil.example' }).options.data).toEqual({ url: '/' });
    expect(notificationOf(null).title).toBe('ឡូតូ 59: សំបុត្ររបស់អ្នកឈ្នះ!');
  });
});
