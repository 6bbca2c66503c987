import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

export const SLOT_GAMES = {
  body: {
    data: [
      {
        code: 'angkor-fortune',
        name: 'Angkor Fortune',
        name_km: 'សំណាងអង្គរ',
        lines: 20,
        rtp: '96.60',
        min_bet: 1_000,
        max_bet: 50_000,
        thumbnail: '/provider/demo/slot/thumb.png',
      },
    ],
  },
};

describe('slot list (providers.md §5)', () => {
  it('shows each game with its Khmer name, thumbnail, RTP and bet range, opening its play page', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN, 'GET /api/external/3/list': SLOT_GAMES });
    const { router, user } = renderApp('/game/slot');

    const list = await screen.findByRole('list', { name: 'ហ្គេមស្លុត' });
    const game = within(list).getByTestId('slot-game');
    expect(game.textContent).toContain('សំណាងអង្គរ');
    expect(game.textContent).not.toContain('Angkor Fortune');
    expect(game.textContent).toContain('អត្រាសងត្រឡប់ 96.60%');
    expect(game.textContent).toContain('ភ្នាល់ 1,000 ៛ ដល់ 50,000 ៛');
    expect(game.querySelector('img')?.getAttribute('src')).toBe('/provider/demo/slot/thumb.png');

    await user.click(within(game).getByRole('link', { name: 'លេង សំណាងអង្គរ' }));
    expect(router.state.location.pathname).toBe('/game/slot/play/angkor-fortune');
  });

  it('says so in Khmer when the list cannot load, and retries', async () => {
    let fail = true;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'GET /api/external/3/list': () => (fail ? { status: 500, body: { message: 'x' } } : SLOT_GAMES),
    });
    const { user } = renderApp('/game/slot');
    expect(await screen.findByText(/មិនអាចផ្ទុកបញ្ជីហ្គេមបានទេ/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' }));
    expect(await screen.findByTestId('slot-game')).toBeTruthy();
    expect(calls.filter((c) => c.route === 'GET /api/external/3/list')).toHaveLength(2);
  });
});
