import { useProviderTranslation } from '../i18n';

const SUITS = [
  { symbol: '♠', key: 'spades', red: false },
  { symbol: '♥', key: 'hearts', red: true },
  { symbol: '♦', key: 'diamonds', red: true },
  { symbol: '♣', key: 'clubs', red: false },
] as const;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** A pool index 0..415 of the 8-deck shoe (providers.md §7.2) → rank and suit. */
export function cardOf(index: number) {
  const j = index % 52;
  return { rank: RANKS[j % 13]!, suit: SUITS[Math.floor(j / 13)]! };
}

/** A small card face: rank and suit, red for hearts and diamonds, named in words for screen readers. */
export function PlayingCard({ index }: { index: number }) {
  const { t } = useProviderTranslation();
  const { rank, suit } = cardOf(index);
  return (
    <span
      role="img"
      aria-label={t('baccarat.card', { rank, suit: t(`baccarat.suits.${suit.key}`) })}
      data-testid="card-face"
      className={`inline-flex h-12 w-9 flex-col items-center justify-center rounded-md bg-white text-sm leading-none font-bold shadow ring-1 ring-slate-300 ${suit.red ? 'text-red-700' : 'text-slate-900'}`}
    >
      <span aria-hidden="true">{rank}</span>
      <span aria-hidden="true">{suit.symbol}</span>
    </span>
  );
}
