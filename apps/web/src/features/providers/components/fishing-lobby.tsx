import { MIN_FISHING_TRANSFER, type FishingInformation } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { Fish } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { Spinner } from '@/components/ui/spinner';
import { FISHING_REFETCH_MS } from '@/config/constants';
import { errorMessageOf } from '@/lib/error-message';
import { useTranslation, type Language } from '@/lib/i18n';
import { rgRefusalAlert } from '@/lib/rg-refusal';
import { useFishingInformation, useFishingSession, type FishingProviderId } from '../api/fishing';
import { fishingGameName, useProviderTranslation, type ProviderT } from '../i18n';

function stateName(state: FishingInformation['state'], t: ProviderT): string {
  switch (state) {
    case 'NONE':
      return t('fishing.states.NONE');
    case 'OPENING':
      return t('fishing.states.OPENING');
    case 'ACTIVE':
      return t('fishing.states.ACTIVE');
    case 'CLOSING':
      return t('fishing.states.CLOSING');
    case 'UNKNOWN':
      return t('fishing.states.UNKNOWN');
  }
}

/** One fishing game: its session state, in-game balance, and the calls that open, play and close it. */
function FishingCard({
  provider,
  playHref,
  onMoneyMoved,
}: {
  provider: FishingProviderId;
  playHref: string;
  onMoneyMoved: () => void;
}) {
  const { t } = useProviderTranslation();
  const { t: tApp, language } = useTranslation();
  const amountId = useId();
  const info = useFishingInformation(provider, FISHING_REFETCH_MS);
  const session = useFishingSession(provider, onMoneyMoved);
  const [amount, setAmount] = useState('');
  const transfer = provider === 4;
  const data = info.data;
  const busy = session.open.isPending || session.close.isPending;
  const failure = session.open.error ?? session.close.error;
  const parsed = amount.trim() === '' ? undefined : Number(amount.replace(/[,\s]/g, ''));
  const amountInvalid =
    parsed !== undefined && (!Number.isSafeInteger(parsed) || parsed < MIN_FISHING_TRANSFER);

  return (
    <section
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={`${amountId}-title`}
      data-testid={`fishing-card-${provider}`}
    >
      <div className="flex items-start gap-3">
        <Fish aria-hidden="true" className="size-10 shrink-0 text-sky-600" />
        <div>
          <h2 id={`${amountId}-title`} className="text-lg font-semibold">
            {fishingGameName(provider, t)}
          </h2>
          <p className="text-sm text-slate-600">
            {transfer ? t('fishing.modeTransfer') : t('fishing.modeSeamless')}
          </p>
        </div>
      </div>
      {info.isPending && <Spinner className="size-6 text-emerald-700" />}
      {info.isError && <AlertMessage>{t('fishing.loadFailed')}</AlertMessage>}
      {data && (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">{t('fishing.state')}</dt>
          <dd className="font-semibold" data-testid={`fishing-state-${provider}`} data-state={data.state}>
            {stateName(data.state, t)}
          </dd>
          <dt className="text-slate-600">{t('fishing.inGameBalance')}</dt>
          <dd className="font-semibold" data-testid={`fishing-balance-${provider}`}>
            {data.in_game_balance === null ? '—' : <Money amount={data.in_game_balance} />}
          </dd>
        </dl>
      )}
      {data?.is_loading === 1 && (
        <p
          role="status"
          className="flex items-center gap-2 text-sm text-amber-800"
          data-testid="fishing-in-flight"
        >
          <Spinner className="size-4" />
          {t('fishing.inFlight')}
        </p>
      )}
      {failure && (
        <FailureMessage failure={failure} fallback={errorMessageOf(failure, tApp)} language={language} />
      )}
      {data?.state === 'NONE' && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!amountInvalid && data.is_loading === 0) session.open.mutate(transfer ? parsed : undefined);
          }}
        >
          {transfer && (
            <div className="space-y-1">
              <label htmlFor={amountId} className="block text-sm font-semibold text-slate-700">
                {t('fishing.amount')}
              </label>
              <input
                id={amountId}
                inputMode="numeric"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                placeholder={t('fishing.amountAll')}
                aria-invalid={amountInvalid}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
              />
              <p className={`text-xs ${amountInvalid ? 'text-red-700' : 'text-slate-600'}`}>
                {t('fishing.minimum', { amount: formatRiel(MIN_FISHING_TRANSFER) })}
              </p>
            </div>
          )}
          <Button type="submit" disabled={busy || amountInvalid || data.is_loading === 1}>
            {transfer ? t('fishing.moveInAndOpen') : t('fishing.open')}
          </Button>
        </form>
      )}
      {data?.state === 'ACTIVE' && (
        <div className="flex flex-wrap gap-2">
          <Link
            to={playHref}
            className="inline-flex min-h-11 items-center rounded-lg bg-emerald-700 px-4 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            data-testid={`fishing-play-${provider}`}
          >
            {t('fishing.play')}
          </Link>
          <Button variant="secondary" disabled={busy} onClick={() => session.close.mutate()}>
            {transfer ? t('fishing.bringBack') : t('fishing.close')}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * `/game/fishing` (providers.md §4, seed §4): the two fishing games. Provider 4 plays on money moved into the
 * game and back; provider 5 on the main balance. `onMoneyMoved` lets the route read the balance again.
 */
export function FishingLobby({
  playHref,
  onMoneyMoved,
}: {
  playHref: (provider: FishingProviderId) => string;
  onMoneyMoved: () => void;
}) {
  const { t } = useProviderTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('fishing.title')}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <FishingCard provider={4} playHref={playHref(4)} onMoneyMoved={onMoneyMoved} />
        <FishingCard provider={5} playHref={playHref(5)} onMoneyMoved={onMoneyMoved} />
      </div>
    </div>
  );
}

/** A refused opening or closing; the player's own limit, break or exclusion says the room left or until when. */
function FailureMessage({
  failure,
  fallback,
  language,
}: {
  failure: unknown;
  fallback: string;
  language: Language;
}) {
  const rg = rgRefusalAlert(failure, language);
  return (
    <AlertMessage>
      {rg?.message ?? fallback}
      {rg?.link && (
        <>
          {' '}
          <Link to={rg.link.href} className="font-semibold underline">
            {rg.link.label}
          </Link>
        </>
      )}
    </AlertMessage>
  );
}
