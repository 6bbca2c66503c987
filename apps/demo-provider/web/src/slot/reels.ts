import { ANGKOR_FORTUNE, type SpinOutcome, type SlotSymbol, type WindowPosition } from '../../../src/rules';
import { s } from '../shared/dom';

/*
 * The 5 × 3 window in SVG, 100 user units per cell. A spin scrolls each reel's own strip down onto the stops the
 * server chose (the symbols passing by are the real strip, not random filler), the reels stopping one by one
 * from the left; then the winning lines are drawn over the window.
 */

const CELL = 100;
const REELS = ANGKOR_FORTUNE.strips.length;
const ROWS = ANGKOR_FORTUNE.rows;
/** Cells passing by on reel 1; each next reel passes more, so they stop one after another. */
const PASS_FIRST = 14;
const PASS_STEP = 5;
const MS_PER_CELL = 55;

const stripAt = (reel: number, index: number): SlotSymbol => {
  const strip = ANGKOR_FORTUNE.strips[reel]!;
  return strip[((index % strip.length) + strip.length) % strip.length]!;
};

/** A line's colour: twenty distinct hues, bright enough on the dark window. */
export const lineColour = (lineIndex: number): string => `hsl(${(lineIndex * 137) % 360} 95% 62%)`;

export class Reels {
  readonly svg: SVGSVGElement;
  private readonly strips: SVGGElement[] = [];
  private readonly overlay: SVGGElement;
  private stops: number[];

  constructor(stops: readonly number[], label: string) {
    this.stops = [...stops];
    const clip = s(
      'clipPath',
      { id: 'reel-window' },
      s('rect', { x: 0, y: 0, width: REELS * CELL, height: ROWS * CELL }),
    );
    this.overlay = s('g', { class: 'win-overlay', 'pointer-events': 'none' });
    const reels = s('g', { 'clip-path': 'url(#reel-window)' });
    for (let reel = 0; reel < REELS; reel++) {
      const strip = s('g', { class: 'strip' });
      this.strips.push(strip);
      reels.append(
        s('rect', { x: reel * CELL + 1, y: 0, width: CELL - 2, height: ROWS * CELL, fill: '#0a1418' }),
        s('g', { transform: `translate(${reel * CELL} 0)` }, strip),
      );
      this.fillStrip(reel, this.column(reel, stops[reel]!, 0));
    }
    this.svg = s(
      'svg',
      {
        class: 'reels',
        viewBox: `-6 -6 ${REELS * CELL + 12} ${ROWS * CELL + 12}`,
        role: 'img',
        'aria-label': label,
        'data-testid': 'reels',
      },
      s('defs', {}, clip),
      s('rect', {
        x: -5,
        y: -5,
        width: REELS * CELL + 10,
        height: ROWS * CELL + 10,
        rx: 10,
        fill: 'none',
        stroke: 'url(#g-gold)',
        'stroke-width': 6,
      }),
      reels,
      this.overlay,
    );
  }

  /** The symbols of one reel from `stop - 1` (above the window, seen when the reel bounces) down `extra` cells. */
  private column(reel: number, stop: number, extra: number): SlotSymbol[] {
    return Array.from({ length: ROWS + extra + 1 }, (_, k) => stripAt(reel, stop - 1 + k));
  }

  private fillStrip(reel: number, symbols: readonly SlotSymbol[]): void {
    this.strips[reel]!.replaceChildren(
      ...symbols.map((symbol, k) =>
        s('use', {
          href: `#sym-${symbol}`,
          x: 0,
          y: (k - 1) * CELL,
          width: CELL,
          height: CELL,
          'data-symbol': symbol,
        }),
      ),
    );
  }

  /** The window's symbols as text for tests and screen readers: reel by reel, top to bottom. */
  describe(): string {
    return this.stops.map((stop, reel) => this.column(reel, stop, 0).slice(1).join(' ')).join(' | ');
  }

  /**
   * Spins onto `stops`. Each reel's strip holds the new window on top and the old window at the bottom, with
   * the real strip between, and slides down from the old to the new. `onStop` fires as each reel lands.
   */
  async spin(stops: readonly number[], instant: boolean, onStop: (reel: number) => void): Promise<void> {
    this.clearWins();
    const old = this.stops;
    this.stops = [...stops];
    if (instant) {
      stops.forEach((stop, reel) => this.fillStrip(reel, this.column(reel, stop, 0)));
      onStop(REELS - 1);
      return;
    }
    const runs = stops.map((stop, reel) => {
      const pass = PASS_FIRST + reel * PASS_STEP;
      // Between the new window (top) and the old one (bottom): the strip just above the old window, so the
      // reel starts by moving its real neighbours into view.
      const between = pass - ROWS;
      const symbols = [
        ...this.column(reel, stop, 0),
        ...Array.from({ length: between }, (_, k) => stripAt(reel, old[reel]! - between + k)),
        ...this.column(reel, old[reel]!, 0).slice(1),
      ];
      this.fillStrip(reel, symbols);
      const distance = (symbols.length - ROWS - 1) * CELL;
      const animation = this.strips[reel]!.animate(
        [{ transform: `translateY(${-distance}px)` }, { transform: 'translateY(0px)' }],
        { duration: pass * MS_PER_CELL, easing: 'cubic-bezier(0.3, 0.1, 0.3, 1.12)', fill: 'none' },
      );
      return animation.finished.then(() => {
        this.fillStrip(reel, this.column(reel, stop, 0));
        onStop(reel);
      });
    });
    await Promise.all(runs);
  }

  clearWins(): void {
    this.overlay.replaceChildren();
  }

  private frame([reel, row]: WindowPosition, colour: string, cls: string): SVGRectElement {
    return s('rect', {
      class: cls,
      x: reel * CELL + 4,
      y: row * CELL + 4,
      width: CELL - 8,
      height: CELL - 8,
      rx: 12,
      fill: 'none',
      stroke: colour,
      'stroke-width': 6,
    });
  }

  /** Draws the given wins (all of them, or one at a time while the page cycles through them). */
  showWins(outcome: SpinOutcome, only: number | 'all' | 'scatter'): void {
    const parts: SVGElement[] = [];
    outcome.lineWins.forEach((win, i) => {
      if (only !== 'all' && only !== i) return;
      const rows = ANGKOR_FORTUNE.lines[win.lineIndex]!;
      const colour = lineColour(win.lineIndex);
      parts.push(
        s('polyline', {
          class: 'win-line',
          'data-line': win.lineIndex + 1,
          points: rows.map((row, reel) => `${reel * CELL + CELL / 2},${row * CELL + CELL / 2}`).join(' '),
          fill: 'none',
          stroke: colour,
          'stroke-width': 7,
          'stroke-linejoin': 'round',
          'stroke-linecap': 'round',
          opacity: 0.9,
        }),
        ...win.positions.map((p) => this.frame(p, colour, 'win-cell')),
      );
    });
    if ((only === 'all' || only === 'scatter') && outcome.scatter.win > 0) {
      parts.push(...outcome.scatter.positions.map((p) => this.frame(p, '#ffe08a', 'scatter-cell')));
    }
    this.overlay.replaceChildren(...parts);
  }
}
