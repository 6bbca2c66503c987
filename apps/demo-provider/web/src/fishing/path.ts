import type { SchoolFishView } from '../../../src/api/game-api';

/*
 * Where a fish is at a time (the server's school, apps/demo-provider/src/fishing/school.ts): x runs linearly from
 * −EDGE to 1 + EDGE (mirrored for fish from the right), y follows a quadratic curve from y0 to y1 bowed by
 * `bend`. Unit square; the page scales it to its canvas. Cosmetic: money never depends on it.
 */

const EDGE = 0.12;

export interface FishPoint {
  x: number;
  y: number;
  /** Heading in radians (0 = swimming right). */
  angle: number;
  /** Progress 0..1 along the path; outside it the fish is not in the water. */
  t: number;
}

export function fishPoint(fish: SchoolFishView, serverNow: number): FishPoint {
  const t = (serverNow - fish.spawn_at) / fish.swim_ms;
  const along = -EDGE + (1 + 2 * EDGE) * t;
  const x = fish.from_left ? along : 1 - along;
  const control = (fish.y0 + fish.y1) / 2 + fish.bend;
  const y = (1 - t) * (1 - t) * fish.y0 + 2 * (1 - t) * t * control + t * t * fish.y1;
  const dx = (fish.from_left ? 1 : -1) * (1 + 2 * EDGE);
  const dy = 2 * (1 - t) * (control - fish.y0) + 2 * t * (fish.y1 - control);
  return { x, y, angle: Math.atan2(dy, dx), t };
}

/** The fish a tap at (x, y) in unit coordinates hits: the nearest whose body holds the point, if any. */
export function fishUnder<F extends { view: SchoolFishView; radius: number }>(
  fish: readonly F[],
  x: number,
  y: number,
  serverNow: number,
  aspect: number,
): F | undefined {
  let best: F | undefined;
  let bestDistance = Infinity;
  for (const f of fish) {
    const p = fishPoint(f.view, serverNow);
    if (p.t < 0 || p.t > 1 || p.x < 0 || p.x > 1) continue;
    // Distances in screen proportions: x is scaled by the aspect ratio (width / height).
    const d = Math.hypot((p.x - x) * aspect, p.y - y);
    if (d <= f.radius && d < bestDistance) {
      best = f;
      bestDistance = d;
    }
  }
  return best;
}
