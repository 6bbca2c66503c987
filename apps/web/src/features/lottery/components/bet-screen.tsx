import { LOTTERY_GAME_TYPES, newIdempotencyKey, type LotteryGameType } from '@lotto59/domain';
import { useRef } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { isHttpError } from '@/lib/http-client';
import { notifications } from '@/lib/notifications';
import { placeTicket, useLotteryMutation, useTicketLoad } from '../api/lottery-api';
import type { LotteryBetRequest, LotteryBet } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { serverRefusalAlert } from '../lib/error-text';
import { BetForm } from './bet-form';
import { QueryState } from './lottery-shell';

const newRequestId = () => newIdempotencyKey(Date.now(), (bytes) => crypto.getRandomValues(bytes));

/** The VN / TN / KH switch of the bet screen (`/game/lottery/bet/{type}`, lower-cased). */
function TypeSwitch() {
  const { t } = useLotteryTranslation();
  return (
    <nav aria-label={t('bet.chooseType')}>
      <ul className="grid grid-cols-3 gap-2">
        {LOTTERY_GAME_TYPES.map((type) => (
          <li key={type}>
            <NavLink
              to={paths.lottery.bet.getHref(type)}
              className={({ isActive }) =>
                `flex min-h-11 items-center justify-center rounded-lg px-2 text-center text-sm font-semibold ring-1 ${
                  isActive
                    ? 'bg-slate-800 text-white ring-slate-800'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                }`
              }
            >
              {t(`types.${type}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `/game/lottery/bet/{type}`: loads what the form needs and sends the ticket. The request id is the
 * idempotency key (lottery.md §6): a ticket sent again after no answer keeps its id, so the server answers the
 * first placement instead of placing twice; a refusal or a success starts a new one.
 */
export function BetScreen({
  type,
  onPlaced,
}: {
  type: LotteryGameType | undefined;
  onPlaced: (response: LotteryBet) => void;
}) {
  const { t } = useLotteryTranslation();
  return (
    <div className="space-y-4">
      <TypeSwitch />
      {type === undefined ? (
        <p className="text-slate-600">{t('bet.chooseType')}</p>
      ) : (
        <BetLoader key={type} type={type} onPlaced={onPlaced} />
      )}
    </div>
  );
}

function BetLoader({ type, onPlaced }: { type: LotteryGameType; onPlaced: (response: LotteryBet) => void }) {
  const { t } = useLotteryTranslation();
  const load = useTicketLoad(type);
  const place = useLotteryMutation(placeTicket);
  const pending = useRef<{ body: string; requestId: string } | null>(null);

  const submit = (body: Omit<LotteryBetRequest, 'request_id'>, clearSlip: () => void) => {
    const text = JSON.stringify(body);
    if (pending.current?.body !== text) pending.current = { body: text, requestId: newRequestId() };
    place.mutate(
      { ...body, request_id: pending.current.requestId },
      {
        onSuccess: (response) => {
          pending.current = null;
          clearSlip();
          notifications.toast({ status: 'SUCCESS', message: t('bet.placed') });
          onPlaced(response);
        },
        onError: (error) => {
          // An answer means nothing was placed; no answer (status 0, 5xx) keeps the id for the retry.
          if (isHttpError(error) && error.status >= 400 && error.status < 500) pending.current = null;
          notifications.alert(serverRefusalAlert(error, t));
        },
      },
    );
  };

  return (
    <QueryState isPending={load.isPending} isError={load.isError} onRetry={() => void load.refetch()}>
      {load.data && (
        <BetForm
          load={load.data}
          submitting={place.isPending}
          onSubmit={submit}
          confirm={(message, title, onConfirm) => notifications.confirm({ title, message, onConfirm })}
        />
      )}
    </QueryState>
  );
}
