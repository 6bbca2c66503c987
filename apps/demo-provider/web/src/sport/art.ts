import { s } from '../shared/dom';

/*
 * Our own drawn crests for the eight Demo League clubs: a shield in the club's two colours with its emblem
 * (plain SVG shapes, no image files), and a small pitch for the page's head.
 */

const CLUB_COLOURS: Record<string, readonly [string, string]> = {
  MEK: ['#f28c28', '#1b1b1b'], // Mekong Tigers
  TSS: ['#2f7fd1', '#e8f1fb'], // Tonle Sap Sharks
  ANG: ['#c9a227', '#5a2d0c'], // Angkor Lions
  BOK: ['#4c8c4a', '#f1e9c8'], // Bokor Eagles
  KAM: ['#b3262e', '#1f5e2a'], // Kampot Pepper
  KEP: ['#e2583e', '#fbe3c2'], // Kep Crabs
  RAT: ['#8a2be2', '#f6d55c'], // Ratanak Stars
  KKD: ['#1aa3a3', '#0b3a5b'], // Koh Kong Dolphins
};

/** A club's emblem: a stripe, a star, a wave or a ring, so crests differ in shape and not only in colour. */
function emblem(code: string, ink: string): SVGElement {
  switch (code) {
    case 'MEK':
    case 'KAM':
      return s('path', {
        d: 'M7 9 L17 19 M10 7 L20 17 M4 11 L14 21',
        stroke: ink,
        'stroke-width': 2.2,
        fill: 'none',
      });
    case 'RAT':
    case 'ANG':
      return s('path', {
        d: 'M12 6 L13.8 11 L19 11.2 L14.9 14.3 L16.3 19.3 L12 16.4 L7.7 19.3 L9.1 14.3 L5 11.2 L10.2 11 Z',
        fill: ink,
      });
    case 'TSS':
    case 'KKD':
      return s('path', { d: 'M5 14 Q8.5 9 12 14 T19 14', stroke: ink, 'stroke-width': 2.4, fill: 'none' });
    default:
      return s('circle', { cx: 12, cy: 13, r: 4.5, stroke: ink, 'stroke-width': 2.4, fill: 'none' });
  }
}

export function crest(code: string, size = 28): SVGSVGElement {
  const [field, ink] = CLUB_COLOURS[code] ?? ['#667', '#fff'];
  return s(
    'svg',
    { viewBox: '0 0 24 26', width: size, height: size, class: 'crest', 'aria-hidden': 'true' },
    s('path', {
      d: 'M2 2 H22 V13 C22 19 17 23 12 25 C7 23 2 19 2 13 Z',
      fill: field,
      stroke: ink,
      'stroke-width': 1.2,
    }),
    emblem(code, ink),
  );
}

export function pitch(): SVGSVGElement {
  const line = { stroke: '#cfe8d2', 'stroke-width': 1.2, fill: 'none' };
  return s(
    'svg',
    { viewBox: '0 0 120 60', class: 'pitch', 'aria-hidden': 'true' },
    s('rect', { x: 0, y: 0, width: 120, height: 60, rx: 4, fill: '#1f6b3a' }),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      s('rect', { x: i * 20, y: 0, width: 10, height: 60, fill: '#237a42', opacity: 0.6 }),
    ),
    s('rect', { x: 4, y: 4, width: 112, height: 52, ...line }),
    s('line', { x1: 60, y1: 4, x2: 60, y2: 56, ...line }),
    s('circle', { cx: 60, cy: 30, r: 9, ...line }),
    s('rect', { x: 4, y: 18, width: 14, height: 24, ...line }),
    s('rect', { x: 102, y: 18, width: 14, height: 24, ...line }),
    s('circle', { cx: 60, cy: 30, r: 2.2, fill: '#fff' }),
  );
}
