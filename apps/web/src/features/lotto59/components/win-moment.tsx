import { formatRiel, formatTicketId } from '@lotto59/domain';
import { CircleCheck, PartyPopper, Ticket } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCountUp } from '@/lib/motion';
import { useLottoTranslation, type LottoT } from '../i18n';
import { playTone } from '../lib/beeps';
import { verdictOf, type RoundOutcome, type Verdict } from '../lib/round-outcome';
import { betSelection } from './bet-names';
import { formatSignedRiel } from '@/components/ui/money';

type Settled = Extract<RoundOutcome, { kind: 'settled' }>;

/**
 * The round's net with its word: a gain is "profit", a loss is "loss", nothing is "broke even". A win can
 * still lose money (one small winning ticket among larger stakes), so the word follows the sign, never the
 * win.
 */
export function netPhrase(netRiel: number, t: LottoT): string {
  if (netRiel > 0) return t('win.netGain', { amount: formatSignedRiel(netRiel) });
  if (netRiel < 0) return t('win.netLoss', { amount: formatSignedRiel(netRiel) });
  return t('win.netEven');
}

/** The total paid, counting up from zero when it appears; the exact figure stays in the data for tests. */
function PaidAmount({ riel }: { riel: number }) {
  const shown = useCountUp(riel, { from: 0 });
  return (
    <p
      className="text-4xl font-extrabold tracking-tight tabular-nums sm:text-5xl"
      data-testid="win-payout"
      data-amount={riel}
    >
      {formatRiel(shown)}
    </p>
  );
}

/** The card's title by the net (issue 26, item 3): only a gain is "you won"; money back is said as such. */
const TITLE_KEY = { win: 'win.title', even: 'win.titleEven', part: 'win.titlePart' } as const;

/** Paid back something: a gain (gold, fanfare), the stake back, or part of it back (calm colours). */
function Win({
  outcome,
  verdict,
  ticketsHref,
}: {
  outcome: Settled;
  verdict: 'win' | 'even' | 'part';
  ticketsHref: string;
}) {
  const { t } = useLottoTranslation();
  const gain = verdict === 'win';
  return (
    <div
      data-testid="win-moment"
      data-outcome={verdict}
      data-paid={outcome.paid}
      className={`space-y-3 rounded-2xl p-4 text-slate-950 ${
        gain
          ? 'bg-gradient-to-br from-amber-200 via-amber-300 to-amber-400 shadow-lg ring-2 ring-amber-500 motion-safe:animate-win-pop'
          : 'bg-sky-50 ring-1 ring-sky-300'
      }`}
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        {gain ? (
          <PartyPopper aria-hidden="true" className="size-6" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-6 text-sky-700" />
        )}
        {t(TITLE_KEY[verdict])}
      </p>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <p className="text-sm font-semibold">{t('win.paid')}</p>
          <PaidAmount riel={outcome.payoutRiel} />
          {outcome.poolShare && <p className="text-sm font-semibold">{t('win.poolShare')}</p>}
        </div>
        <p className="rounded-full bg-white/70 px-3 py-1 font-bold tabular-nums" data-testid="win-net">
          {netPhrase(outcome.netRiel, t)}
        </p>
      </div>
      {!outcome.paid && <Paying />}
      <WinningTickets outcome={outcome} ticketsHref={ticketsHref} />
    </div>
  );
}

/** The figures follow from the public draw; the server's payment lands a few seconds later. */
function Paying() {
  const { t } = useLottoTranslation();
  return (
    <p className="text-sm font-semibold" data-testid="win-paying">
      {t('win.paying')}
    </p>
  );
}

function WinningTickets({ outcome, ticketsHref }: { outcome: Settled; ticketsHref: string }) {
  const { t } = useLottoTranslation();
  return (
    <div>
      <p className="mb-1 text-sm font-semibold">{t('win.tickets', { count: outcome.winning.length })}</p>
      <ul className="space-y-1 text-sm" data-testid="win-tickets">
        {outcome.winning.map((bet) => (
          <li
            key={bet.id}
            className="flex flex-wrap items-center justify-between gap-x-3 rounded-lg bg-white/70 px-3 py-1.5"
          >
            <span>
              <span className="font-semibold tabular-nums">#{formatTicketId(bet.id)}</span>{' '}
              {betSelection(bet, t)}
            </span>
            <span className="font-bold tabular-nums">{formatRiel(bet.payout)}</span>
          </li>
        ))}
      </ul>
      {outcome.moreTickets > 0 && (
        <p className="mt-1 text-xs">{t('win.moreTickets', { count: outcome.moreTickets })}</p>
      )}
      <Link
        to={ticketsHref}
        className="mt-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold underline hover:bg-white/50 focus-visible:outline-2 focus-visible:outline-slate-900"
      >
        <Ticket aria-hidden="true" className="size-4" />
        {t('board.viewTickets')}
      </Link>
    </div>
  );
}

/**
 * Issue 11, the win moment: the player's outcome of the round on the draw panel (use-my-round): the total
 * paid counting up, the net beside it, the winning tickets, a fanfare when sound is on for a gain; a calm
 * line when nothing was won. Issue 26: it shows as soon as the draw is public ("the payout is on its way"
 * until the server has paid) and its title follows the net: won, got the stake back, got part back.
 */
export function WinMoment({
  roundId,
  outcome,
  ticketsHref,
}: {
  roundId: number;
  outcome: RoundOutcome;
  ticketsHref: string;
}) {
  const { t } = useLottoTranslation();
  const verdict: Verdict | null = outcome.kind === 'settled' ? verdictOf(outcome) : null;
  const won = verdict === 'win';
  // The fanfare plays when the page sees the round go from waiting to won, not for an old result on load.
  const sawPending = useRef<number | null>(null);
  useEffect(() => {
    if (outcome.kind === 'pending') sawPending.current = roundId;
    else if (outcome.kind === 'settled' && sawPending.current === roundId) {
      sawPending.current = null;
      if (won) playTone('win');
    }
  }, [outcome.kind, roundId, won]);

  let body: ReactNode = null;
  let summary = '';
  if (outcome.kind === 'pending') {
    summary = t('win.settling');
    body = (
      <p
        data-testid="win-moment"
        data-outcome="pending"
        className="rounded-xl bg-slate-100 p-3 text-sm font-semibold text-slate-700"
      >
        {summary}
      </p>
    );
  } else if (outcome.kind === 'settled' && verdict === 'void') {
    summary = t('win.voided', { amount: formatRiel(outcome.stakeRiel) });
    body = (
      <p
        data-testid="win-moment"
        data-outcome="void"
        data-paid={outcome.paid}
        className="rounded-xl bg-slate-100 p-3 text-sm font-semibold text-slate-700"
      >
        {summary}
      </p>
    );
  } else if (outcome.kind === 'settled' && (verdict === 'win' || verdict === 'even' || verdict === 'part')) {
    summary = t(won ? 'win.summary' : 'win.summaryPart', {
      amount: formatRiel(outcome.payoutRiel),
      net: netPhrase(outcome.netRiel, t),
    });
    body = <Win outcome={outcome} verdict={verdict} ticketsHref={ticketsHref} />;
  } else if (outcome.kind === 'settled') {
    summary = t('win.none');
    body = (
      <div
        data-testid="win-moment"
        data-outcome="lose"
        data-paid={outcome.paid}
        className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-100 p-3 text-slate-800 ring-1 ring-slate-200"
      >
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck aria-hidden="true" className="size-5 text-slate-500" />
          {summary}
        </p>
        <p className="text-sm tabular-nums" data-testid="win-net">
          {t('win.stakeNet', {
            stake: formatRiel(outcome.stakeRiel),
            net: formatSignedRiel(outcome.netRiel),
          })}
        </p>
        {!outcome.paid && <Paying />}
      </div>
    );
  }
  return (
    <>
      {/* One sentence for screen readers; the counting figures above are for the eye. */}
      <p className="sr-only" role="status">
        {summary}
      </p>
      {body}
    </>
  );
}
