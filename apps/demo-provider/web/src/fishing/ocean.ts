import type { SchoolFishView, SessionReply, ShotReply } from '../../../src/api/game-api';
import type { GameApi } from '../shared/api';
import type { I18n } from '../shared/i18n';
import type { Sound } from '../shared/sound';
import { lookOf } from './art';

/*
 * The fishing page's state and its geometry: one object the input, the shots, the frame and the HUD share,
 * so each of them is a small function of it rather than a closure inside one long `play()`.
 */

export interface LiveFish {
  view: SchoolFishView;
  /** Hit radius in playfield-height units. */
  radius: number;
}
export interface Flight {
  fromX: number;
  fromY: number;
  fishId: number;
  startedAt: number;
  reply?: ShotReply;
  done?: boolean;
}
export interface Effect {
  x: number;
  y: number;
  r: number;
  startedAt: number;
  label?: string;
  sub?: string;
}
export interface Circle {
  x: number;
  y: number;
  r: number;
}

export const TAP_SLACK = 0.03;

export interface Ocean {
  session: SessionReply;
  text: I18n;
  api: GameApi;
  sound: Sound;
  canvas: HTMLCanvasElement;
  g: CanvasRenderingContext2D;
  /** The screen reader's line. */
  live: HTMLElement;
  /** Shows a message instead of the game (a session that cannot go on). */
  message: (line: string) => void;
  balance: number;
  level: number;
  shotsLeft: number | null;
  clockOffset: number;
  width: number;
  height: number;
  field: number;
  toast: { text: string; until: number } | null;
  aim: number;
  recoilAt: number;
  ended: boolean;
  fish: Map<number, LiveFish>;
  flights: Flight[];
  nets: Effect[];
  captures: Effect[];
}

export const serverNow = (o: Ocean): number => Date.now() + o.clockOffset;
export const unit = (o: Ocean): number => Math.min(o.width, o.field);
export const barHeight = (): number => Math.max(72, Math.min(120, window.innerHeight * 0.14));
// A finger is not a pixel: the hit circle is the drawn fish plus a margin.
export const radiusOf = (o: Ocean, kind: string): number =>
  (lookOf(kind).radius * unit(o) * 1.25) / o.field + TAP_SLACK;

// The cannon sits low, with room under it for the cost of a shot even in a short landscape bar.
export const cannonAt = (o: Ocean): { x: number; y: number; size: number } => ({
  x: o.width / 2,
  y: o.height - Math.max(barHeight() * 0.3, 30),
  size: Math.min(64, unit(o) * 0.11),
});

export function buttons(o: Ocean): Record<'down' | 'up' | 'sound' | 'info', Circle> {
  const c = cannonAt(o);
  return {
    down: { x: c.x - c.size * 2.2, y: c.y - c.size * 0.2, r: c.size * 0.45 },
    up: { x: c.x + c.size * 2.2, y: c.y - c.size * 0.2, r: c.size * 0.45 },
    sound: { x: o.width - 30, y: 30, r: 20 },
    info: { x: 30, y: 30, r: 20 },
  };
}

export function resize(o: Ocean): void {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  o.width = window.innerWidth;
  o.height = window.innerHeight;
  o.field = o.height - barHeight();
  o.canvas.width = Math.round(o.width * ratio);
  o.canvas.height = Math.round(o.height * ratio);
  o.g.setTransform(ratio, 0, 0, ratio, 0, 0);
  for (const f of o.fish.values()) f.radius = radiusOf(o, f.view.kind);
}

export function say(o: Ocean, line: string, ms = 2_500): void {
  o.toast = { text: line, until: performance.now() + ms };
  o.live.textContent = line;
}
