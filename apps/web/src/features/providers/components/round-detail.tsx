import type { CasinoReportRow } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { useProviderTranslation } from '../i18n';
import { PlayingCard } from './playing-card';

type Detail = NonNullable<CasinoReportRow['detail']>;
type BaccaratDetail = Extract<Detail, { kind: 'baccarat' }>;
type SlotDetail = Extract<Detail, { kind: 'slot' }>;

function Hand({ label, cards, score }: { label: string; cards: readonly number[]; score: number }) {
  const { t } = useProviderTranslation();
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold" data-testid="hand-score">
        {t('baccarat.score', { hand: label, score })}
      </p>
      <div className="flex gap-1" role="group" aria-label={t('baccarat.cards', { hand: label })}>
        {cards.map((card, i) => (
          <PlayingCard key={`${i}-${card}`} index={card} />
        ))}
      </div>
    </div>
  );
}

function Baccarat({ detail }: { detail: BaccaratDetail }) {
  const { t } = useProviderTranslation();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-6">
        <Hand label={t('baccarat.player')} cards={detail.player_cards} score={detail.player_score} />
        <Hand label={t('baccarat.banker')} cards={detail.banker_cards} score={detail.banker_score} />
      </div>
      <div>
        <p className="text-sm font-semibold">{t('baccarat.bets')}</p>
        <ul className="text-sm text-slate-700">
          {detail.bets.map((bet) => (
            <li key={bet.type} data-testid="baccarat-bet">
              {t('baccarat.bet', {
                type: t(`baccarat.types.${bet.type}`),
                amount: formatRiel(bet.amount),
                payout: formatRiel(bet.payout),
              })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Slot({ detail }: { detail: SlotDetail }) {
  const { t } = useProviderTranslation();
  return (
    <div className="space-y-2 text-sm">
      <p>
        <span className="font-semibold">{t('slot.stops')}៖ </span>
        <span className="tabular-nums" data-testid="slot-stops">
          {detail.stops.join(' · ')}
        </span>
      </p>
      <div>
        <p className="font-semibold">{t('slot.lines')}</p>
        {detail.lines.length === 0 ? (
          <p className="text-slate-600">{t('slot.noLines')}</p>
        ) : (
          <ul className="text-slate-700">
            {detail.lines.map((line) => (
              <li key={line.line} data-testid="slot-line">
                {t('slot.line', { line: line.line, symbol: line.symbol, count: line.count })} →{' '}
                {formatRiel(line.win)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {detail.scatter.count > 0 && (
        <p>{t('slot.scatter', { count: detail.scatter.count, win: formatRiel(detail.scatter.win) })}</p>
      )}
    </div>
  );
}

/** What happened in a round: baccarat cards, scores and bets, or a spin's stops and winning lines. */
export function RoundDetail({ row }: { row: CasinoReportRow }) {
  const { t } = useProviderTranslation();
  if (row.detail === null) return <p className="text-sm text-slate-600">{t('report.noDetail')}</p>;
  return (
    <div data-testid="round-detail">
      {row.detail.kind === 'baccarat' ? <Baccarat detail={row.detail} /> : <Slot detail={row.detail} />}
    </div>
  );
}
