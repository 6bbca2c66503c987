import type { PlaceBetResponse, RoundRecord } from '@lotto59/contract';
import {
  formatRiel,
  formatTicketId,
  type BetSlip,
  type JackpotSlip as JackpotSlipValue,
} from '@lotto59/domain';
import { Lock, Repeat, Ticket } from 'lucide-react';
import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { notifications } from '@/lib/notifications';
import { useBetPlacement, type BetOutcome } from '../../api/place-bet';
import { doubledAmount } from '../../lib/amount-input';
import { playTone } from '../../lib/beeps';
import type { BetSubmission } from '../../lib/pending-bet';
import { repeatFor, type LastSlip } from '../../lib/repeat-bet';
import { useLottoTranslation, type LottoT } from '../../i18n';
import { BetBar } from './bet-bar';
import { JackpotSlip } from './jackpot-slip';
import { refusalMessage } from './messages';
import { RegularSlip, type SlipSummary } from './regular-slip';
import { TOGGLE, TOGGLE_OFF } from './styles';

const TABS = ['regular', 'jackpot'] as const;
type Tab = (typeof TABS)[number];

function betItems(slip: BetSlip) {
  const ranges = slip.ranges.map((type) => ({ type, amount: slip.amountRiel }));
  const number = slip.number
    ? [
        {
          type: 'NUMBER' as const,
          posts: slip.number.posts,
          numbers: slip.number.numbers,
          amount: slip.amountRiel,
        },
      ]
    : [];
  return [...ranges, ...number];
}

/** The player's view of a refusal or an unanswered bet (seed §5 mapping; "result unknown" on a time-out). */
function announce(outcome: Exclude<BetOutcome, { kind: 'placed' }>, t: LottoT) {
  if (outcome.kind === 'refused' && outcome.alert) {
    notifications.alert(outcome.alert);
  } else if (outcome.kind === 'refused') {
    notifications.alert({
      status: 'ERROR',
      title: t('outcome.refusedTitle'),
      message: refusalMessage(outcome, t),
    });
  } else {
    notifications.alert({ status: 'ERROR', title: t('outcome.unknownTitle'), message: t('outcome.unknown') });
  }
}

function LastBet({ bet, ticketsHref }: { bet: PlaceBetResponse; ticketsHref: (resultId: number) => string }) {
  const { t } = useLottoTranslation();
  const first = bet.bets[0];
  if (!first) return null;
  const total = bet.bets.reduce((sum, b) => sum + b.amount, 0);
  return (
    <div
      data-testid="last-bet"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200"
    >
      <p>
        {t('board.lastBet', {
          count: bet.bets.length,
          round: first.result_id,
          ticket: formatTicketId(first.id),
          total: formatRiel(total),
        })}
      </p>
      <Link
        to={ticketsHref(first.result_id)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-emerald-800 underline hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <Ticket aria-hidden="true" className="size-4" />
        {t('board.viewTickets')}
      </Link>
    </div>
  );
}

const EMPTY_SUMMARY: SlipSummary = { text: '', empty: true };

/**
 * The betting board: regular bets (RANGE_1…RANGE_7, NUMBER) and JACKPOT lines, the bet bar pinned to the
 * bottom (countdown, summary, bet button), "repeat last bet" and "×2", a confirm dialog with the total
 * stake, and the answer. Disabled while betting is closed or a bet is on its way.
 */
export function BetBoard({
  round,
  open,
  jackpotPoolRiel,
  balanceRiel,
  litRanges,
  barSlot,
  onPlaced,
  ticketsHref,
}: {
  round: RoundRecord | null;
  open: boolean;
  jackpotPoolRiel: number | undefined;
  /** The top bar's balance: the slip is checked against it before the confirm. */
  balanceRiel: number;
  /** The last result's band and side: their cards light up. */
  litRanges: ReadonlySet<string>;
  /** Where the bet bar is drawn: the bottom of the game screen. */
  barSlot: HTMLElement | null;
  /** `resumed`: the answer to a bet sent before a reload (a replay: its balance is as of that moment). */
  onPlaced: (response: PlaceBetResponse, resumed: boolean) => void;
  ticketsHref: (resultId: number) => string;
}) {
  const { t } = useLottoTranslation();
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ regular: null, jackpot: null });
  const [tab, setTab] = useState<Tab>('regular');
  const [amount, setAmount] = useState('');
  const [summary, setSummary] = useState<SlipSummary>(EMPTY_SUMMARY);
  const [version, setVersion] = useState(0);
  const [lastBet, setLastBet] = useState<PlaceBetResponse | null>(null);
  const [lastSlip, setLastSlip] = useState<LastSlip | null>(null);
  const sentSlip = useRef<LastSlip | null>(null);
  const { submit, sending } = useBetPlacement((outcome) => {
    if (outcome.kind !== 'placed') {
      announce(outcome, t);
      return;
    }
    setLastBet(outcome.response);
    // The slip starts empty for the next bet (the amount stays); "repeat last bet" places it again.
    setVersion((v) => v + 1);
    if (!outcome.resumed && sentSlip.current) setLastSlip(sentSlip.current);
    playTone('placed');
    notifications.toast({
      status: 'SUCCESS',
      message: t(outcome.resumed ? 'outcome.resumed' : 'outcome.placed'),
    });
    onPlaced(outcome.response, outcome.resumed);
  });
  const disabled = !open || round === null || sending;
  const onSummary = useCallback((next: SlipSummary) => setSummary(next), []);

  const confirmThen = (message: string, slip: LastSlip) =>
    notifications.confirm({
      title: t('confirm.title'),
      message,
      onConfirm: () => {
        sentSlip.current = slip;
        submit(slip.submission);
      },
    });
  const confirmMessage = (slip: LastSlip, roundId: number) =>
    t(slip.submission.kind === 'BET' ? 'confirm.regular' : 'confirm.jackpot', {
      count: slip.betCount,
      round: roundId,
      total: formatRiel(slip.totalRiel),
    });
  const submitRegular = (slip: BetSlip) => {
    if (!round) return;
    const submission: BetSubmission = {
      kind: 'BET',
      body: { poll: round.poll, result_id: round.id, bets: betItems(slip) },
    };
    const last = { submission, betCount: slip.betCount, totalRiel: slip.totalRiel };
    confirmThen(confirmMessage(last, round.id), last);
  };
  const submitJackpot = (slip: JackpotSlipValue) => {
    if (!round) return;
    const submission: BetSubmission = {
      kind: 'JACKPOT',
      body: { poll: round.poll, result_id: round.id, lines: slip.lines },
    };
    const last = { submission, betCount: slip.lines.length, totalRiel: slip.totalRiel };
    confirmThen(confirmMessage(last, round.id), last);
  };
  const repeatLast = () => {
    if (!round || !lastSlip) return;
    if (lastSlip.totalRiel > balanceRiel) {
      notifications.alert({
        status: 'ERROR',
        title: t('outcome.refusedTitle'),
        message: t('betErrors.notEnoughMoney'),
      });
      return;
    }
    const again = { ...lastSlip, submission: repeatFor(lastSlip, round) };
    confirmThen(confirmMessage(again, round.id), again);
  };
  const doubled = doubledAmount(amount);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'regular' ? 'jackpot' : 'regular';
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const tabLabel: Record<Tab, string> = { regular: t('board.regularTab'), jackpot: t('board.jackpotTab') };
  const formId = `${baseId}-form-${tab}`;
  const repeatButton = (
    <button
      type="button"
      disabled={disabled || lastSlip === null}
      onClick={repeatLast}
      className={`${TOGGLE} ${TOGGLE_OFF} gap-1 text-sm`}
    >
      <Repeat aria-hidden="true" className="size-4" />
      {t('play.repeat')}
    </button>
  );
  const panels: Record<Tab, ReactNode> = {
    regular: (
      <RegularSlip
        key={version}
        formId={formId}
        amount={amount}
        onAmountChange={setAmount}
        amountActions={
          <>
            {repeatButton}
            <button
              type="button"
              disabled={disabled || doubled === null}
              onClick={() => doubled && setAmount(doubled)}
              className={`${TOGGLE} ${TOGGLE_OFF} text-sm`}
            >
              <span aria-hidden="true">×2</span>
              <span className="sr-only">{t('play.double')}</span>
            </button>
          </>
        }
        balanceRiel={balanceRiel}
        litRanges={litRanges}
        disabled={disabled}
        onSubmit={submitRegular}
        onSummary={onSummary}
      />
    ),
    jackpot: (
      <div className="space-y-3">
        <JackpotSlip
          key={version}
          formId={formId}
          poolRiel={jackpotPoolRiel}
          balanceRiel={balanceRiel}
          disabled={disabled}
          onSubmit={submitJackpot}
          onSummary={onSummary}
        />
        <div className="grid grid-cols-1">{repeatButton}</div>
      </div>
    ),
  };

  return (
    <section
      aria-labelledby={`${baseId}-title`}
      className="space-y-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={`${baseId}-title`} className="text-lg font-semibold">
        {t('board.title')}
      </h2>
      {!open && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-slate-800 p-3 font-semibold text-white"
          data-testid="board-closed"
        >
          <Lock aria-hidden="true" className="size-5 shrink-0" />
          {t('round.closedBoard')}
        </p>
      )}
      <div
        role="tablist"
        aria-label={t('board.kind')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabRefs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
            className={`min-h-11 rounded-lg px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${
              tab === name ? 'bg-white text-emerald-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'
            }`}
          >
            {tabLabel[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {panels[tab]}
      </div>
      {lastBet && <LastBet bet={lastBet} ticketsHref={ticketsHref} />}
      <BetBar
        slot={barSlot}
        round={round}
        open={open}
        formId={formId}
        summary={summary.text}
        placeLabel={tab === 'regular' ? t('board.place') : t('jackpot.place')}
        empty={summary.empty}
        sending={sending}
        disabled={disabled}
        placedRound={lastBet?.bets[0]?.result_id ?? null}
      />
    </section>
  );
}
