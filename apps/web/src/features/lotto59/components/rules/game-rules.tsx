import {
  DRAW_SIZE,
  exactJackpotOdds,
  exactWinProbability,
  formatRiel,
  formatThousands,
  jackpotFixedReturn,
  RANGE_TOTALS,
  rtpTable,
  type RatedBetType,
} from '@lotto59/domain';
import { useLottoConfig } from '../../api/get-lotto-config';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { useTranslation } from '@/lib/i18n';
import { formatRate } from '../../config';
import { useLottoTranslation } from '../../i18n';
import { useRulesTranslation } from '../../rules-i18n';
import { rangeName } from '../bet-names';

const percent = (p: number, digits = 4) => `${(p * 100).toFixed(digits)} %`;
const fraction = (numerator: bigint, denominator: bigint) =>
  `${formatThousands(Number(numerator))} / ${formatThousands(Number(denominator))}`;

function winsWhen(type: RatedBetType, t: ReturnType<typeof useRulesTranslation>['t']): string {
  if (type === 'NUMBER') return t('table.numberWins');
  return t('table.totalWins', { min: RANGE_TOTALS[type].min, max: RANGE_TOTALS[type].max });
}

/** Every bet type with its rate, exact probability and return (the domain's rtp functions). */
function OddsTable() {
  const config = useLottoConfig();
  const { t: lt } = useLottoTranslation();
  const { t } = useRulesTranslation();
  const rows = useMemo(
    () => rtpTable(config.rates).map((row) => ({ ...row, exact: exactWinProbability(row.type) })),
    [config.rates],
  );
  const th = 'px-2 py-2 font-semibold';
  return (
    <ScrollRegion label={t('table.caption')} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-sm" data-testid="odds-table">
        <caption className="px-3 pt-3 text-left font-semibold">{t('table.caption')}</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className={th}>
              {t('table.type')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('table.rate')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('table.probability')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('table.return')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.type} data-bet-type={row.type}>
              <th scope="row" className="px-2 py-2 text-left align-top">
                <span className="font-semibold whitespace-nowrap">
                  {row.type === 'NUMBER' ? lt('bet.number') : rangeName(row.type, lt)}
                </span>
                <span className="block text-xs font-normal text-slate-600">{winsWhen(row.type, t)}</span>
              </th>
              <td className="px-2 py-2 text-right align-top whitespace-nowrap">
                {lt('board.multiply', { rate: formatRate(row.rateHundredths) })}
              </td>
              <td className="px-2 py-2 text-right align-top tabular-nums">
                <span className="whitespace-nowrap">{percent(row.probability)}</span>
                <span className="block text-[0.7rem] text-slate-600">
                  {fraction(row.exact.numerator, row.exact.denominator)}
                </span>
              </td>
              <td className="px-2 py-2 text-right align-top font-semibold whitespace-nowrap tabular-nums">
                {percent(row.rtp, 2)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function JackpotTable() {
  const config = useLottoConfig();
  const { t } = useRulesTranslation();
  const odds = useMemo(() => exactJackpotOdds(), []);
  const fixedReturn = useMemo(() => jackpotFixedReturn(config.jackpot), [config.jackpot]);
  const pays = (matches: 3 | 4 | 5) =>
    matches === 5
      ? t('jackpot.pool')
      : formatRiel(
          config.jackpot.stakeRiel *
            (matches === 4 ? config.jackpot.tier2Multiplier : config.jackpot.tier3Multiplier),
        );
  return (
    <ScrollRegion
      label={t('jackpot.caption', { stake: formatRiel(config.jackpot.stakeRiel) })}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full text-sm" data-testid="jackpot-table">
        <caption className="px-3 pt-3 text-left font-semibold">
          {t('jackpot.caption', { stake: formatRiel(config.jackpot.stakeRiel) })}
        </caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('jackpot.matches')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('jackpot.pays')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('table.probability')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...odds].reverse().map(({ matches, probability }) => {
            const p = Number(probability.numerator) / Number(probability.denominator);
            return (
              <tr key={matches}>
                <th scope="row" className="px-2 py-2 text-left font-semibold">
                  {t('jackpot.matchRow', { matches, tier: 6 - matches })}
                </th>
                <td className="px-2 py-2">{pays(matches)}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                  {t('jackpot.oneIn', { n: (1 / p).toFixed(1) })}
                  <span className="block text-[0.7rem] text-slate-600">
                    {fraction(probability.numerator, probability.denominator)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="px-3 pb-3 text-sm text-slate-700">
        {t('jackpot.return', { fixed: percent(fixedReturn, 2), share: config.jackpot.poolSharePercent })}
      </p>
    </ScrollRegion>
  );
}

const STEP_KEYS = ['draw.step1', 'draw.step2', 'draw.step3', 'draw.step4'] as const;

/** Game rules (issue 5): bets, odds, returns and the provably fair draw in plain words. */
export function GameRules({ boardHref, limitsHref }: { boardHref: string; limitsHref: string }) {
  const { t: gt } = useTranslation();
  const config = useLottoConfig();
  const { t: lt } = useLottoTranslation();
  const { t } = useRulesTranslation();
  return (
    <div className="mx-auto max-w-4xl space-y-5 p-4 sm:p-6">
      <Link
        to={boardHref}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <section aria-labelledby="rules-round" className="space-y-2">
        <h2 id="rules-round" className="text-lg font-semibold">
          {t('round.title')}
        </h2>
        <p>{t('round.text', { size: DRAW_SIZE })}</p>
        <p>{t('round.payout', { example: formatRiel(3063) })}</p>
        <p>
          {t('round.limits', {
            min: formatRiel(config.limits.minRiel),
            max: formatRiel(config.limits.maxRiel),
            stake: formatRiel(config.jackpot.stakeRiel),
            lines: config.jackpot.linesPerPlayerRoundMax,
          })}
        </p>
        <p>{t('round.posts')}</p>
      </section>
      <OddsTable />
      <p className="text-sm text-slate-700">{t('table.note')}</p>
      <JackpotTable />
      <section
        aria-labelledby="rules-draw"
        className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="rules-draw" className="text-lg font-semibold">
          {t('draw.title')}
        </h2>
        <ol className="list-decimal space-y-2 pl-5">
          {STEP_KEYS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <p>{t('draw.example')}</p>
        <ScrollRegion label={t('draw.commands')} className="rounded-lg bg-slate-900">
          <pre className="p-3 text-xs text-slate-100">
            {`SEED=${'0'.repeat(64)}
printf '%s' "$SEED" | sha256sum                     # 60e05bd1…0f55
printf '1:0' | openssl dgst -sha256 -hmac "$SEED"   # 0e6c1f1d 611e3543 …`}
          </pre>
        </ScrollRegion>
        <p>{t('draw.verify', { ticket: lt('verify.title') })}</p>
      </section>
      <section
        aria-labelledby="rules-rg"
        className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="rules-rg" className="text-lg font-semibold">
          {gt('rgRefusal.rulesTitle')}
        </h2>
        <p>{gt('rgRefusal.rulesText')}</p>
        <Link to={limitsHref} className="font-semibold text-blue-700 underline underline-offset-2">
          {gt('rgRefusal.seeLimits')}
        </Link>
      </section>
    </div>
  );
}
