import type { BetRecord } from '@lotto59/contract';
import {
  formatJackpotLine,
  resultLabelOf,
  RANGE_TOTALS,
  type BetType,
  type RangeBetType,
  type ResultLabel,
} from '@lotto59/domain';
import type { LottoT } from '../i18n';

/** `RANGE_3` → `3`, `RANGE_6` → `U`, `RANGE_7` → `O`: the names players know. */
export function rangeShortName(type: RangeBetType): string {
  if (type === 'RANGE_6') return 'U';
  if (type === 'RANGE_7') return 'O';
  return type.slice(-1);
}

/** "band 3", "under U", "over O" in the player's language. */
export function rangeName(type: RangeBetType, t: LottoT): string {
  if (type === 'RANGE_6') return t('bet.under');
  if (type === 'RANGE_7') return t('bet.over');
  return t('bet.band', { n: rangeShortName(type) });
}

export function betTypeName(type: BetType, t: LottoT): string {
  if (type === 'NUMBER') return t('bet.number');
  if (type === 'JACKPOT') return t('bet.jackpot');
  return rangeName(type, t);
}

/** What a ticket bet on: the range, the post and number, or the jackpot line. */
export function betSelection(
  bet: Pick<BetRecord, 'type' | 'post' | 'number' | 'numbers'>,
  t: LottoT,
): string {
  if (bet.type === 'NUMBER') return t('bet.numberAt', { post: bet.post ?? '?', number: bet.number ?? '?' });
  if (bet.type === 'JACKPOT') return bet.numbers ? formatJackpotLine(bet.numbers) : '';
  const { min, max } = RANGE_TOTALS[bet.type];
  return t('bet.rangeTotals', { name: rangeName(bet.type, t), min, max });
}

/** Seed §9: "1 small" … "5 big". */
export function resultLabelName(label: ResultLabel, t: LottoT): string {
  const [size, n] = label.split('_') as ['SMALL' | 'BIG', string];
  return size === 'SMALL' ? t('result.small', { n }) : t('result.big', { n });
}

/**
 * The size word of a band as players say it, "1 តូច … 5 ធំ" (seed §9 labels): the labels its lowest and
 * highest totals map to. Band 3 holds both 3 small (≤ 300) and 3 big, so it is "តូច·ធំ". Null for U and O.
 */
export function bandSizeName(type: RangeBetType, t: LottoT): string | null {
  if (type === 'RANGE_6' || type === 'RANGE_7') return null;
  const sizes = new Set(
    [RANGE_TOTALS[type].min, RANGE_TOTALS[type].max].map((total) => resultLabelOf(total).split('_')[0]),
  );
  return [...sizes].map((size) => (size === 'SMALL' ? t('live.small') : t('live.big'))).join('·');
}
