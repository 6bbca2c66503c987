import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ResultScreen } from './result-screen';

// Three TN draws of one day as the server names them (Khmer digits in `label_km`): two drawn, one still open.
const draw = (id: number, hhmm: string, khmer: string, status: string) => ({
  id,
  type: 'TN',
  code: `TN-20261121-${hhmm.replace(':', '')}`,
  label_km: `ទិញឈ្នះ ${khmer}`,
  label_en: `Buy-win ${hhmm}`,
  layout: 'TN',
  draw_at: `2026-11-21T${hhmm}:00.000+07:00`,
  cutoff_at: `2026-11-21T${hhmm}:00.000+07:00`,
  status,
  server_seed_hash: 'a'.repeat(64),
});
const DRAWS = [
  draw(1, '10:02', '១០:០២', 'SETTLED'),
  draw(2, '10:03', '១០:០៣', 'SETTLED'),
  draw(3, '10:04', '១០:០៤', 'OPEN'),
];
const KHMER_DIGIT = /[\u17e0-\u17e9]/;

afterEach(() => vi.restoreAllMocks());

describe('lottery result screen (issue 26, item 7)', () => {
  it('lists the drawn draws newest first, the open ones after; one numeral system per line', async () => {
    mockFetch({
      'GET /api/lottery/result/time': {
        body: {
          data: { server_time: '2026-11-21T10:05:00.000+07:00', timezone: 'Asia/Phnom_Penh', draws: DRAWS },
        },
      },
      'GET /api/lottery/result/2': {
        body: {
          data: {
            draw: DRAWS[1],
            source: 'ENGINE',
            algorithm: 'lottery-sheet-v1',
            server_seed_hash: 'a'.repeat(64),
            server_seed: 'b'.repeat(64),
            lines: [
              {
                code: 'G1',
                index: 1,
                digits: 3,
                number: '696',
                post: 'A',
                label_km: 'រង្វាន់ទី១',
                label_en: 'Prize 1',
              },
            ],
          },
        },
      },
      'GET /api/lottery/ticket/list': {
        body: { data: { items: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } } },
      },
    });
    renderWithProviders(<ResultScreen />, { path: '/game/lottery/result' });

    const past = await screen.findByTestId('draws-past');
    const pastButtons = within(past).getAllByRole('button');
    // Newest first: the latest result is the first button, and the one shown.
    expect(pastButtons.map((b) => b.textContent)).toEqual(['ទិញឈ្នះ 10:03 · ទូទាត់រួច', 'ទិញឈ្នះ 10:02 · ទូទាត់រួច']);
    expect(pastButtons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByTestId('draws-later')).getByRole('button').textContent).toBe(
      'ទិញឈ្នះ 10:04 · កំពុងបើក',
    );

    // The sheet's title and row labels carry no Khmer digit beside the Latin ones.
    const card = screen.getByTestId('result-card');
    expect(within(card).getByRole('heading').textContent).toBe('ទិញឈ្នះ 10:03');
    expect((await within(card).findByRole('rowheader')).textContent).toBe('រង្វាន់ទី1');
    for (const button of screen.getAllByRole('button', { pressed: false }))
      expect(button.textContent).not.toMatch(KHMER_DIGIT);
  });
});
