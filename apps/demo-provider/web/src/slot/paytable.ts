import { ANGKOR_FORTUNE, type LineSymbol } from '../../../src/rules';
import { fill, h, s } from '../shared/dom';
import { riel, thousands } from '../shared/i18n';
import type { Shell } from '../shared/shell';
import { symbolIcon, SYMBOL_NAMES } from './art';
import { lineColour } from './reels';

/**
 * The published RTP: 32,415,175 / 33,554,432 by full enumeration of the strips and paytable below
 * (providers.md §7.1; src/rules/slot/par-sheet.test.ts recomputes it from the same data on every test run).
 * Enumerating 33.5 million stops in a phone's browser is not an option, so the figure is quoted here.
 */
export const PUBLISHED_RTP = { numerator: 32_415_175, denominator: 33_554_432 } as const;

export function rtpPercent(): string {
  return `${((PUBLISHED_RTP.numerator / PUBLISHED_RTP.denominator) * 100).toFixed(2)} %`;
}

const LINE_SYMBOLS = Object.keys(ANGKOR_FORTUNE.linePays) as LineSymbol[];

function lineDiagram(lineIndex: number): SVGSVGElement {
  const rows = ANGKOR_FORTUNE.lines[lineIndex]!;
  return s(
    'svg',
    { viewBox: '0 0 50 30', width: 60, height: 36, 'aria-hidden': 'true' },
    s('rect', { x: 0, y: 0, width: 50, height: 30, fill: '#0a1418', rx: 3 }),
    ...rows.map((row, reel) =>
      s('rect', { x: reel * 10 + 2, y: row * 10 + 2, width: 6, height: 6, fill: '#3c5a5e' }),
    ),
    s('polyline', {
      points: rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' '),
      fill: 'none',
      stroke: lineColour(lineIndex),
      'stroke-width': 2,
    }),
  );
}

/** Line pays for 5, 4 and 3 of a kind: multiples and what they pay at the line bet. */
function payTable(name: (symbol: keyof typeof SYMBOL_NAMES) => string, bet: number): HTMLTableElement {
  const payRows = LINE_SYMBOLS.map((symbol) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, symbolIcon(symbol, 40, name(symbol))),
      ...[2, 1, 0].map((i) => {
        const multiple = ANGKOR_FORTUNE.linePays[symbol][i]!;
        return h('td', {}, `×${thousands(multiple)}`, h('br'), h('small', {}, riel(multiple * bet)));
      }),
    ),
  );
  return h(
    'table',
    { class: 'rules' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, '5'), h('th', {}, '4'), h('th', {}, '3'))),
    h('tbody', {}, ...payRows),
  );
}

/** The wild's and the scatter's rules, the scatter's pays at the total bet. */
function specials(
  shell: Shell,
  name: (symbol: keyof typeof SYMBOL_NAMES) => string,
  total: number,
): HTMLElement[] {
  const { t, lang } = shell.i18n;
  const scatterCounts = Object.entries(ANGKOR_FORTUNE.scatterPays)
    .map(([count, multiple]) => ({ count: Number(count), multiple: multiple ?? 0 }))
    .sort((a, b) => b.count - a.count);
  return [
    h(
      'div',
      { class: 'special' },
      symbolIcon('W', 48, name('W')),
      h(
        'p',
        {},
        lang === 'km'
          ? `${t('wild')} ជំនួសរូបទាំងអស់ លើកលែងតែ${t('scatter')}។ ${name('W')} 5 = ${name(ANGKOR_FORTUNE.allWildPaysAs)} 5 ។`
          : `${t('wild')} replaces every symbol but the ${t('scatter')}. Five ${name('W')} pay as five ${name(ANGKOR_FORTUNE.allWildPaysAs)}.`,
      ),
    ),
    h(
      'div',
      { class: 'special' },
      symbolIcon('S', 48, name('S')),
      h(
        'p',
        {},
        lang === 'km'
          ? `${t('scatter')} នៅកន្លែងណាក៏បាន គុណនឹងភ្នាល់សរុប៖ `
          : `${t('scatter')} anywhere pays × the total bet: `,
        scatterCounts
          .map(({ count, multiple }) => `${count} = ×${multiple} (${riel(multiple * total)})`)
          .join(' · '),
      ),
    ),
  ];
}

/** The paytable and rules, read from the machine's own data (src/rules/slot/machine.ts), at the chosen bet. */
export function paytableSheet(shell: Shell, lineBet: () => number): () => void {
  const { t, lang } = shell.i18n;
  return shell.sheet('paytable', (body) => {
    const bet = lineBet();
    const total = bet * ANGKOR_FORTUNE.lines.length;
    const name = (symbol: keyof typeof SYMBOL_NAMES) => SYMBOL_NAMES[symbol][lang];
    fill(
      body,
      h('p', { class: 'rtp', 'data-testid': 'rtp' }, `${t('rtp')}: `, h('strong', {}, rtpPercent())),
      h(
        'p',
        { class: 'hint' },
        `${t('lineBet')}: ${riel(bet)} · ${t('totalBet')}: ${riel(total)} (${ANGKOR_FORTUNE.lines.length} ${t('line')})`,
      ),
      payTable(name, bet),
      ...specials(shell, name, total),
      h(
        'p',
        { class: 'hint' },
        lang === 'km'
          ? 'ខ្សែឈ្នះរាប់ពីឆ្វេងទៅស្ដាំ ចាប់ពីក្រឡទី 1 ។ ការឈ្នះទាំងអស់បូកបញ្ចូលគ្នា។'
          : 'Lines pay left to right from reel 1. All wins add up.',
      ),
      h('h3', {}, `${ANGKOR_FORTUNE.lines.length} ${t('line')}`),
      h(
        'ol',
        { class: 'line-list' },
        ...ANGKOR_FORTUNE.lines.map((_, i) => h('li', {}, h('span', {}, String(i + 1)), lineDiagram(i))),
      ),
    );
  });
}
