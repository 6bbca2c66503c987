import type { SlotSymbol } from '../../../src/rules';
import { s } from '../shared/dom';

/*
 * Angkor Fortune's symbols, drawn here as vector art (no downloaded images): the temple is the wild, the lotus
 * the scatter, the apsara, the naga and the ruby the high symbols, and carved stone letters the low ones. Each is
 * an SVG <symbol> on a 100 × 100 cell, used by <use href="#sym-…"> in the reels and the paytable.
 */

export const SYMBOL_NAMES: Record<SlotSymbol, { km: string; en: string }> = {
  W: { km: 'ប្រាសាទ', en: 'Temple' },
  S: { km: 'ផ្កាឈូក', en: 'Lotus' },
  H1: { km: 'អប្សរា', en: 'Apsara' },
  H2: { km: 'នាគ', en: 'Naga' },
  H3: { km: 'ត្បូងទទឹម', en: 'Ruby' },
  A: { km: 'A', en: 'A' },
  K: { km: 'K', en: 'K' },
  Q: { km: 'Q', en: 'Q' },
  J: { km: 'J', en: 'J' },
  T: { km: '10', en: '10' },
};

const LETTER_COLOURS: Partial<Record<SlotSymbol, string>> = {
  A: '#ff7a59',
  K: '#5cc8ff',
  Q: '#c98bff',
  J: '#7be07b',
  T: '#ffd35c',
};

function gradient(id: string, top: string, bottom: string): SVGLinearGradientElement {
  return s(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: 0, y2: 1 },
    s('stop', { offset: '0', 'stop-color': top }),
    s('stop', { offset: '1', 'stop-color': bottom }),
  );
}

function tile(fill: string): SVGRectElement {
  return s('rect', { x: 4, y: 4, width: 92, height: 92, rx: 14, fill, stroke: '#00000055' });
}

function temple(): SVGSymbolElement {
  // Three lotus-bud towers on a stepped base, the silhouette of Angkor Wat's west face.
  const tower = (x: number, top: number, width: number) =>
    s('path', {
      d: `M${x - width / 2} 72 L${x - width / 2} ${top + 22} Q${x - width / 2} ${top + 8} ${x} ${top} Q${x + width / 2} ${top + 8} ${x + width / 2} ${top + 22} L${x + width / 2} 72 Z`,
      fill: 'url(#g-gold)',
      stroke: '#6b4a00',
      'stroke-width': 2,
    });
  return s(
    'symbol',
    { id: 'sym-W', viewBox: '0 0 100 100' },
    tile('url(#g-night)'),
    tower(24, 34, 14),
    tower(76, 34, 14),
    tower(50, 14, 20),
    s('rect', { x: 12, y: 70, width: 76, height: 8, fill: 'url(#g-gold)', stroke: '#6b4a00' }),
    s('rect', { x: 8, y: 78, width: 84, height: 6, fill: '#a67c1b' }),
    s(
      'text',
      { x: 50, y: 95, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: '#ffe9a8' },
      'WILD',
    ),
  );
}

function lotus(): SVGSymbolElement {
  const petal = (angle: number, fill: string, length: number) =>
    s('ellipse', {
      cx: 50,
      cy: 62 - length / 2,
      rx: 10,
      ry: length / 2,
      fill,
      transform: `rotate(${angle} 50 64)`,
    });
  return s(
    'symbol',
    { id: 'sym-S', viewBox: '0 0 100 100' },
    tile('url(#g-lotus-bg)'),
    ...[-70, -40, 40, 70].map((a) => petal(a, '#f7a8c8', 40)),
    ...[-20, 20].map((a) => petal(a, '#ff7fb0', 46)),
    petal(0, '#ffd0e4', 50),
    s('ellipse', { cx: 50, cy: 72, rx: 30, ry: 7, fill: '#2f8a5b' }),
    s('circle', { cx: 50, cy: 58, r: 6, fill: '#ffd35c' }),
  );
}

function apsara(): SVGSymbolElement {
  // The dancer's face under her tall tiered crown (mokot), with the long earrings of the temple carvings.
  return s(
    'symbol',
    { id: 'sym-H1', viewBox: '0 0 100 100' },
    tile('url(#g-ruby-bg)'),
    s('path', { d: 'M50 6 L62 40 L38 40 Z', fill: 'url(#g-gold)', stroke: '#6b4a00', 'stroke-width': 1.5 }),
    s('path', { d: 'M34 44 Q50 30 66 44 L64 50 L36 50 Z', fill: 'url(#g-gold)', stroke: '#6b4a00' }),
    s('circle', { cx: 50, cy: 22, r: 3, fill: '#ff5a7a' }),
    s('ellipse', { cx: 50, cy: 64, rx: 15, ry: 17, fill: '#e9b98c' }),
    s('path', {
      d: 'M42 62 Q45 60 48 62 M52 62 Q55 60 58 62',
      stroke: '#4a2a10',
      'stroke-width': 2,
      fill: 'none',
    }),
    s('path', { d: 'M45 72 Q50 76 55 72', stroke: '#b0414f', 'stroke-width': 2.5, fill: 'none' }),
    s('circle', { cx: 33, cy: 70, r: 4, fill: '#ffd35c' }),
    s('circle', { cx: 67, cy: 70, r: 4, fill: '#ffd35c' }),
    s('path', { d: 'M30 94 Q50 78 70 94', fill: 'url(#g-gold)' }),
  );
}

function naga(): SVGSymbolElement {
  // The seven-headed serpent of the temple balustrades, its hood of heads fanned above a coiled body.
  const heads = [-60, -40, -20, 0, 20, 40, 60].map((angle) =>
    s('ellipse', {
      cx: 50,
      cy: 22,
      rx: 7,
      ry: 10,
      fill: angle === 0 ? '#5ee08f' : '#35b06a',
      stroke: '#0d4d2a',
      'stroke-width': 1.5,
      transform: `rotate(${angle} 50 62)`,
    }),
  );
  return s(
    'symbol',
    { id: 'sym-H2', viewBox: '0 0 100 100' },
    tile('url(#g-jade-bg)'),
    ...heads,
    s('path', {
      d: 'M50 30 C40 50 62 58 52 72 C44 84 30 80 28 90 L72 90 C70 80 62 80 60 72',
      fill: '#35b06a',
      stroke: '#0d4d2a',
      'stroke-width': 2,
    }),
    s('circle', { cx: 47, cy: 20, r: 1.8, fill: '#ffd35c' }),
    s('circle', { cx: 53, cy: 20, r: 1.8, fill: '#ffd35c' }),
  );
}

function ruby(): SVGSymbolElement {
  return s(
    'symbol',
    { id: 'sym-H3', viewBox: '0 0 100 100' },
    tile('url(#g-night)'),
    s('path', {
      d: 'M28 36 L40 20 L60 20 L72 36 L50 84 Z',
      fill: '#e0223f',
      stroke: '#6a0012',
      'stroke-width': 2,
    }),
    s('path', { d: 'M28 36 L72 36 M40 20 L46 36 L50 84 L54 36 L60 20', stroke: '#ff8a9c', fill: 'none' }),
    s('path', { d: 'M40 20 L46 36 L28 36 Z', fill: '#ff5a73' }),
    s('path', { d: 'M46 36 L54 36 L50 84 Z', fill: '#ff3a58' }),
  );
}

function letter(symbol: SlotSymbol): SVGSymbolElement {
  const colour = LETTER_COLOURS[symbol]!;
  return s(
    'symbol',
    { id: `sym-${symbol}`, viewBox: '0 0 100 100' },
    tile('url(#g-stone)'),
    s(
      'text',
      {
        x: 50,
        y: 68,
        'text-anchor': 'middle',
        'font-size': symbol === 'T' ? 46 : 56,
        'font-weight': 900,
        'font-family': 'Georgia, serif',
        fill: colour,
        stroke: '#1b1206',
        'stroke-width': 2.5,
        'paint-order': 'stroke',
      },
      SYMBOL_NAMES[symbol].en,
    ),
  );
}

/** The <defs> every reel and paytable picture refers to; put once in the page. */
export function symbolDefs(): SVGSVGElement {
  return s(
    'svg',
    { width: 0, height: 0, 'aria-hidden': 'true', style: 'position:absolute' },
    s(
      'defs',
      {},
      gradient('g-gold', '#fff0b0', '#c8922a'),
      gradient('g-night', '#3b2a6b', '#1a1238'),
      gradient('g-lotus-bg', '#1d5a4a', '#0d2f28'),
      gradient('g-ruby-bg', '#6b1a2a', '#2e0a12'),
      gradient('g-jade-bg', '#184a52', '#0b262b'),
      gradient('g-stone', '#5b5446', '#2e2a22'),
      temple(),
      lotus(),
      apsara(),
      naga(),
      ruby(),
      ...(['A', 'K', 'Q', 'J', 'T'] as const).map(letter),
    ),
  );
}

/** A symbol picture for a table cell (the paytable). */
export function symbolIcon(symbol: SlotSymbol, size: number, label: string): SVGSVGElement {
  return s(
    'svg',
    { width: size, height: size, viewBox: '0 0 100 100', role: 'img', 'aria-label': label },
    s('use', { href: `#sym-${symbol}` }),
  );
}
