import {
  BREAK_DAYS,
  EXCLUSION_MONTHS,
  REALITY_CHECK_MINUTES,
  RG_KINDS,
  RG_PERIODS,
  formatRiel,
  rgBreakUntil,
  rgExclusionUntil,
  rgPendingStatus,
  type BreakDays,
  type ExclusionMonths,
  type RealityCheckMinutes,
  type RgKind,
  type RgPeriod,
} from '@lotto59/domain';
import type { RgLimit, RgState } from '@lotto59/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useFormatDateTime } from '@/lib/date-time';
import { errorMessageOf } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import {
  useCancelPending,
  useConfirmLimit,
  useRgState,
  useSelfExclude,
  useSetLimit,
  useSetRealityCheck,
  useTakeBreak,
} from '../api/limits';
import { useRgTranslation } from '../i18n';

/** The clock read in handlers and by `useNow` (render itself stays pure). */
const clockNow = (): number => Date.now();

/** The time, refreshed every 30 s: a pending change becomes confirmable while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(clockNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(clockNow()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const CARD = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Every failed change is told in the player's language, from its code. */
function useFailure() {
  const { t } = useTranslation();
  return (error: unknown) => notifications.alert({ status: 'ERROR', message: errorMessageOf(error, t) });
}

/** One limit of one period: used and remaining as a bar, its pending change, and a field to change it. */
function LimitRow({ kind, period, limit }: { kind: RgKind; period: RgPeriod; limit: RgLimit | undefined }) {
  const { t } = useRgTranslation();
  const fmt = useFormatDateTime();
  const failed = useFailure();
  const setLimit = useSetLimit();
  const confirm = useConfirmLimit();
  const cancel = useCancelPending();
  const [value, setValue] = useState('');
  const now = useNow();
  const amount = limit?.amount ?? null;
  const usedShown = Math.max(0, limit?.used ?? 0);
  const percent = amount ? Math.min(100, Math.round((usedShown * 100) / amount)) : 0;
  const pending = limit?.pending ?? null;
  const due = pending
    ? rgPendingStatus({ effectiveAtMs: pending.effective_at, confirmByMs: pending.confirm_by }, now) === 'DUE'
    : false;
  const testId = `limit-${kind}-${period}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value.replaceAll(',', ''));
    if (!Number.isInteger(n) || n <= 0) return;
    setLimit.mutate(
      { kind, period, amount: n },
      {
        onSuccess: (state) => {
          setValue('');
          const after = state.limits.find((l) => l.kind === kind && l.period === period);
          notifications.toast({
            status: 'SUCCESS',
            message: after?.pending ? t('rg.pendingSaved') : t('rg.saved'),
          });
        },
        onError: failed,
      },
    );
  };

  return (
    <div className="space-y-2 border-t border-slate-100 py-3 first:border-t-0" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{t(`rg.periods.${period}`)}</span>
        <span className="text-sm text-slate-600">
          {amount === null
            ? t('rg.none')
            : t('rg.used', { used: formatRiel(usedShown), amount: formatRiel(amount) })}
        </span>
      </div>
      {amount !== null && (
        <>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div
              className={`h-full ${percent >= 80 ? 'bg-amber-500' : 'bg-emerald-600'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-sm text-slate-600" data-testid={`${testId}-remaining`}>
            {t('rg.remaining', { amount: formatRiel(limit?.remaining ?? 0) })} ·{' '}
            {t('rg.resetsAt', { at: fmt(limit?.resets_at ?? 0) })}
          </p>
        </>
      )}
      {pending && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid={`${testId}-pending`}>
          <p>
            {pending.amount === null
              ? t('rg.pendingRemoval', { at: fmt(pending.effective_at) })
              : t('rg.pending', { amount: formatRiel(pending.amount), at: fmt(pending.effective_at) })}
          </p>
          <p>{t('rg.confirmBy', { at: fmt(pending.confirm_by) })}</p>
          <div className="mt-2 flex gap-2">
            {due && (
              <Button
                isPending={confirm.isPending}
                onClick={() => confirm.mutate({ kind, period }, { onError: failed })}
              >
                {t('rg.confirm')}
              </Button>
            )}
            <Button
              variant="secondary"
              isPending={cancel.isPending}
              onClick={() => cancel.mutate({ kind, period }, { onError: failed })}
            >
              {t('rg.cancel')}
            </Button>
          </div>
        </div>
      )}
      <form className="flex gap-2" onSubmit={submit}>
        <label className="sr-only" htmlFor={`${testId}-amount`}>
          {t(`rg.kinds.${kind}`)} {t(`rg.periods.${period}`)} {t('rg.amount')}
        </label>
        <input
          id={`${testId}-amount`}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('rg.amount')}
          className="min-h-11 w-full min-w-0 rounded-lg px-3 ring-1 ring-slate-300"
        />
        <Button type="submit" isPending={setLimit.isPending}>
          {t('rg.set')}
        </Button>
        {amount !== null && (
          <Button
            variant="secondary"
            onClick={() =>
              setLimit.mutate(
                { kind, period, amount: null },
                {
                  onSuccess: () => notifications.toast({ status: 'SUCCESS', message: t('rg.pendingSaved') }),
                  onError: failed,
                },
              )
            }
          >
            {t('rg.remove')}
          </Button>
        )}
      </form>
    </div>
  );
}

function BreakCard({ state }: { state: RgState }) {
  const { t } = useRgTranslation();
  const fmt = useFormatDateTime();
  const failed = useFailure();
  const takeBreak = useTakeBreak();
  const ask = (days: BreakDays) =>
    notifications.confirm({
      title: t('rg.breakTitle'),
      message: t('rg.breakConfirm', { days, until: fmt(rgBreakUntil(clockNow(), days, state.break_until)) }),
      onConfirm: () => takeBreak.mutate({ days }, { onError: failed }),
    });
  return (
    <section className={CARD} aria-labelledby="rg-break">
      <h2 id="rg-break" className="text-lg font-semibold">
        {t('rg.breakTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('rg.breakText')}</p>
      {state.break_until !== null && (
        <p className="mt-2 font-medium text-amber-800" data-testid="on-break">
          {t('rg.onBreakUntil', { until: fmt(state.break_until) })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {BREAK_DAYS.map((days) => (
          <Button key={days} variant="secondary" onClick={() => ask(days)}>
            {t('rg.breakDays', { days })}
          </Button>
        ))}
      </div>
    </section>
  );
}

function ExclusionCard({ state }: { state: RgState }) {
  const { t } = useRgTranslation();
  const fmt = useFormatDateTime();
  const failed = useFailure();
  const exclude = useSelfExclude();
  const [months, setMonths] = useState<ExclusionMonths>(6);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    notifications.confirm({
      title: t('rg.excludeTitle'),
      message: t('rg.excludeConfirm', { months, until: fmt(rgExclusionUntil(clockNow(), months)) }),
      onConfirm: () =>
        exclude.mutate(
          { months, password },
          // Every session ended with it: the app goes back to the login page.
          { onSuccess: () => window.location.assign('/login'), onError: failed },
        ),
    });
  };
  return (
    <section className={`${CARD} ring-red-200`} aria-labelledby="rg-exclude">
      <h2 id="rg-exclude" className="text-lg font-semibold text-red-800">
        {t('rg.excludeTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('rg.excludeText')}</p>
      {state.excluded_until !== null && (
        <p className="mt-2 font-medium text-red-800">
          {t('rg.excludedUntil', { until: fmt(state.excluded_until) })}
        </p>
      )}
      <form className="mt-3 space-y-3" onSubmit={submit}>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('rg.excludeTitle')}>
          {EXCLUSION_MONTHS.map((m) => (
            <label key={m} className="flex min-h-11 items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300">
              <input type="radio" name="months" checked={months === m} onChange={() => setMonths(m)} />
              {t('rg.months', { months: m })}
            </label>
          ))}
        </div>
        <label className="block text-sm font-medium" htmlFor="rg-password">
          {t('rg.password')}
        </label>
        <input
          id="rg-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="min-h-11 w-full rounded-lg px-3 ring-1 ring-slate-300"
        />
        <Button type="submit" className="bg-red-700 hover:bg-red-800" isPending={exclude.isPending}>
          {t('rg.excludeButton')}
        </Button>
      </form>
    </section>
  );
}

function RealityCheckCard({ state }: { state: RgState }) {
  const { t } = useRgTranslation();
  const failed = useFailure();
  const realityCheck = useSetRealityCheck();
  const choose = (minutes: RealityCheckMinutes) => realityCheck.mutate({ minutes }, { onError: failed });
  return (
    <section className={CARD} aria-labelledby="rg-reality">
      <h2 id="rg-reality" className="text-lg font-semibold">
        {t('rg.realityTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('rg.realityText')}</p>
      <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label={t('rg.realityTitle')}>
        {REALITY_CHECK_MINUTES.map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300">
            <input
              type="radio"
              name="reality"
              checked={state.reality_check_minutes === m}
              onChange={() => choose(m)}
            />
            {m === 0 ? t('rg.off') : t('rg.minutes', { minutes: m })}
          </label>
        ))}
      </div>
    </section>
  );
}

/** `/user/limits` (responsible-gaming.md §5): limits, break, self-exclusion, reality check, and the rules. */
export function LimitsPage() {
  const { t } = useRgTranslation();
  const { data: state } = useRgState();
  if (!state) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('rg.title')}</h1>
      <p className="text-slate-700">{t('rg.intro')}</p>
      {RG_KINDS.map((kind) => (
        <section key={kind} className={CARD} aria-labelledby={`rg-${kind}`}>
          <h2 id={`rg-${kind}`} className="text-lg font-semibold">
            {t(`rg.kinds.${kind}`)}
          </h2>
          {RG_PERIODS.map((period) => (
            <LimitRow
              key={period}
              kind={kind}
              period={period}
              limit={state.limits.find((l) => l.kind === kind && l.period === period)}
            />
          ))}
        </section>
      ))}
      <RealityCheckCard state={state} />
      <BreakCard state={state} />
      <ExclusionCard state={state} />
      <section className={CARD} aria-labelledby="rg-rules" data-testid="rg-rules">
        <h2 id="rg-rules" className="text-lg font-semibold">
          {t('rg.rulesTitle')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('rg.rules.r1')}</li>
          <li>{t('rg.rules.r2')}</li>
          <li>{t('rg.rules.r3')}</li>
          <li>{t('rg.rules.r4')}</li>
          <li>{t('rg.rules.r5')}</li>
        </ul>
      </section>
    </div>
  );
}
