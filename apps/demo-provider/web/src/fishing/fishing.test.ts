import { describe, expect, it } from 'vitest';
import type { HistoryShot, SchoolFishView } from '../../../src/api/game-api';
import { fishAt, isOnScreen, SHOT_GRACE_MS } from '../../../src/fishing/school';
import { fairWordSource, resolveShot, serverSeedHash } from '../../../src/rules';
import { fishPoint, fishUnder } from './path';
import { verifyShot } from './verify';

const SEED = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';

describe("the page's fish paths", () => {
  it('draw a fish on screen exactly while the server accepts shots at it (less the grace)', () => {
    for (let id = 0; id < 40; id += 1) {
      const fish = fishAt('cafe', 1_000_000, id);
      for (let k = -0.05; k <= 1.05; k += 0.01) {
        const at = fish.spawn_at + k * fish.swim_ms;
        const p = fishPoint(fish, at);
        const drawnOnScreen = p.x >= 0.001 && p.x <= 0.999;
        if (drawnOnScreen) expect(isOnScreen(fish, at)).toBe(true);
        if (!isOnScreen(fish, at)) expect(drawnOnScreen).toBe(false);
      }
      // Gone from the screen and past the grace: refused.
      expect(isOnScreen(fish, fish.spawn_at + fish.swim_ms + SHOT_GRACE_MS)).toBe(false);
    }
  });

  it('swim left to right or mirrored, heading the way they go, inside the water', () => {
    const view: SchoolFishView = {
      id: 1,
      kind: 'F2',
      spawn_at: 0,
      swim_ms: 10_000,
      from_left: true,
      y0: 0.2,
      y1: 0.8,
      bend: 0.1,
    };
    expect(fishPoint(view, 5_000).x).toBeCloseTo(0.5);
    expect(Math.cos(fishPoint(view, 5_000).angle)).toBeGreaterThan(0);
    const back = { ...view, from_left: false };
    expect(fishPoint(back, 2_000).x).toBeCloseTo(1 - fishPoint(view, 2_000).x);
    expect(Math.cos(fishPoint(back, 5_000).angle)).toBeLessThan(0);
    expect(fishPoint(view, 0).y).toBeCloseTo(0.2);
    expect(fishPoint(view, 10_000).y).toBeCloseTo(0.8);
  });

  it('a tap hits the nearest fish whose body holds it, and nothing in open water', () => {
    const a: SchoolFishView = {
      id: 1,
      kind: 'F2',
      spawn_at: 0,
      swim_ms: 10_000,
      from_left: true,
      y0: 0.5,
      y1: 0.5,
      bend: 0,
    };
    const b = { ...a, id: 2, y0: 0.56, y1: 0.56 };
    const fish = [
      { view: a, radius: 0.05 },
      { view: b, radius: 0.05 },
    ];
    expect(fishUnder(fish, 0.5, 0.54, 5_000, 1)?.view.id).toBe(2);
    expect(fishUnder(fish, 0.5, 0.51, 5_000, 1)?.view.id).toBe(1);
    expect(fishUnder(fish, 0.5, 0.2, 5_000, 1)).toBeUndefined();
    // Before it swims in, a fish cannot be hit.
    expect(fishUnder(fish, 0.0, 0.5, 0, 1)).toBeUndefined();
  });
});

describe('the shot check in the browser', () => {
  const recorded = (nonce: number, fish: string, level: number): HistoryShot => {
    const outcome = resolveShot(fairWordSource(SEED, 'player-seed', nonce), fish, level);
    if (!outcome.ok) throw new Error(outcome.message);
    return {
      shot_id: `s${nonce}`,
      fish,
      level,
      cost: outcome.value.cost,
      nonce,
      client_seed: 'player-seed',
      server_seed_hash: serverSeedHash(SEED),
      server_seed: SEED,
      created_at: '2026-11-25T00:00:00.000Z',
      captured: outcome.value.captured,
      multiplier: outcome.value.multiplier,
      payout: outcome.value.payout,
    };
  };

  it('matches a true record, caught or not, for a small fish and the dragon', () => {
    for (let nonce = 0; nonce < 30; nonce += 1) {
      expect(verifyShot(recorded(nonce, 'F2', 1)).status).toBe('match');
      expect(verifyShot(recorded(nonce, 'DRAGON', 6)).status).toBe('match');
    }
  });

  it('catches a record that lies, a wrong seed, and waits while the seed is secret', () => {
    const shot = recorded(3, 'F2', 1);
    expect(verifyShot({ ...shot, captured: !shot.captured, multiplier: shot.captured ? 0 : 2 }).status).toBe(
      'mismatch',
    );
    expect(verifyShot({ ...shot, server_seed: 'ab'.repeat(32) }).status).toBe('mismatch');
    expect(verifyShot({ ...shot, server_seed: null }).status).toBe('pending');
  });
});
