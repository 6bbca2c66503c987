import { createHash } from 'node:crypto';
import { FISH_KINDS } from '../rules';

/*
 * The school of a fishing session (providers.md §7.3: "fish movement is cosmetic and cannot affect money").
 * Fish n is derived from the session's fish seed alone: it appears at started_at + n·2 s + a jitter under 1 s
 * (so one every 1–3 s), swims 8–20 s along a gentle curve across the screen, and is of a kind drawn by spawn
 * weight. The server thus knows, without storing a thing, which fish are on screen at any time; the only state
 * is which of them have been caught. Positions are in a unit square (x left→right, y top→bottom) the page
 * scales to its canvas.
 */

export const SPAWN_SLOT_MS = 2_000;
const JITTER_MS = 1_000;
const MIN_SWIM_MS = 8_000;
const MAX_SWIM_MS = 20_000;
/** The path runs from x = −EDGE to 1 + EDGE, so a fish enters and leaves wholly off screen. */
const EDGE = 0.12;
/** A shot may name a fish that left the screen this long ago: the page's clock and the network lag behind. */
export const SHOT_GRACE_MS = 1_500;

export interface SchoolFish {
  id: number;
  kind: string;
  spawn_at: number;
  swim_ms: number;
  /** Entry and exit heights, and how far the curve bows (y of the control point, relative). */
  from_left: boolean;
  y0: number;
  y1: number;
  bend: number;
}

const TOTAL_WEIGHT = FISH_KINDS.reduce((s, k) => s + k.spawnWeight, 0);

function kindOf(word: number): string {
  let pick = word % TOTAL_WEIGHT;
  for (const kind of FISH_KINDS) {
    if (pick < kind.spawnWeight) return kind.code;
    pick -= kind.spawnWeight;
  }
  return FISH_KINDS[0]!.code;
}

export function fishAt(seed: string, startedAt: number, id: number): SchoolFish {
  const digest = createHash('sha256').update(`${seed}:${id}`).digest();
  const w = (i: number) => digest.readUInt32BE(i * 4);
  return {
    id,
    kind: kindOf(w(1)),
    spawn_at: startedAt + id * SPAWN_SLOT_MS + (w(0) % JITTER_MS),
    swim_ms: MIN_SWIM_MS + (w(2) % (MAX_SWIM_MS - MIN_SWIM_MS + 1)),
    from_left: (w(3) & 1) === 0,
    y0: 0.12 + (w(4) % 700) / 1000,
    y1: 0.12 + (w(5) % 700) / 1000,
    bend: ((w(6) % 300) - 150) / 1000,
  };
}

/** The progress interval during which the fish is on screen (0 ≤ x ≤ 1). */
const ENTER = EDGE / (1 + 2 * EDGE);
const LEAVE = 1 - ENTER;

/**
 * Whether a shot fired at server time `now` may name this fish: it has entered the screen, and it left it no
 * more than SHOT_GRACE_MS ago.
 */
export function isOnScreen(fish: SchoolFish, now: number): boolean {
  const enteredAt = fish.spawn_at + ENTER * fish.swim_ms;
  const leftAt = fish.spawn_at + LEAVE * fish.swim_ms;
  return now >= enteredAt && now <= leftAt + SHOT_GRACE_MS;
}

/** Every fish whose swim overlaps [from, to], in id order. */
export function fishBetween(seed: string, startedAt: number, from: number, to: number): SchoolFish[] {
  const first = Math.max(0, Math.floor((from - startedAt - MAX_SWIM_MS) / SPAWN_SLOT_MS));
  const last = Math.floor((to - startedAt) / SPAWN_SLOT_MS);
  const out: SchoolFish[] = [];
  for (let id = first; id <= last; id += 1) {
    const fish = fishAt(seed, startedAt, id);
    if (fish.spawn_at <= to && fish.spawn_at + fish.swim_ms >= from) out.push(fish);
  }
  return out;
}
