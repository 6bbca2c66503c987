import {
  BET_TYPE_DIGITS,
  LOTTERY_BET_TYPES,
  ROLL,
  formatRiel,
  formatThousands,
  postLettersOf,
  postLineCount,
  ticketTotals,
  type LotteryBetType,
  type LotteryPost,
} from '@lotto59/domain';
import { useId, useMemo, useState } from 'react';
import { NumberPicker } from './number-picker';
import { Button } from '@/components/ui/button';
import type { LotteryBetRequest, LotteryLoad } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';
import { lotteryErrorText } from '../lib/error-text';
import { limitsOf, parseAmountText, previewItem, type ItemPreview } from '../lib/preview';
import { wallTime } from '../lib/time';
import { Card } from './lottery-shell';
import { useDrawLabel } from './timeout-screen';

/** An item of the slip: what the player typed (sent as typed: the server parses it again) and its preview. */
interface SlipItem {
  key: number;
  text: string;
  preview: ItemPreview;
}

const EXPANDED_SHOWN_MAX = 120;
const FIELD =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-emerald-600 focus:ring-4 focus:ring-emerald-200';

function postName(post: LotteryPost, roll: string): string {
  return post === ROLL ? roll : post;
}

/**
 * The bet screen of one game type (lottery.md §3–§4): draw, 2D/3D, posts A–E or ROLL as the draw's layout
 * offers, the numbers as agents write them, permute and amount; a live preview (expanded numbers, lines, face,
 * discount, net) from the domain's rules before anything is sent; items gathered into one ticket, confirmed in a
 * dialog. Prop-driven: the screen around it loads `ticket/load` and sends the ticket.
 */
export function BetForm({
  load,
  onSubmit,
  submitting,
  confirm,
}: {
  load: LotteryLoad;
  onSubmit: (body: Omit<LotteryBetRequest, 'request_id'>, onPlaced: () => void) => void;
  submitting: boolean;
  /** The confirm dialog (the app's notifications); asks, then runs `onConfirm`. */
  confirm: (message: string, title: string, onConfirm: () => void) => void;
}) {
  const { t } = useLotteryTranslation();
  const drawLabel = useDrawLabel();
  const ids = { numbers: useId(), amount: useId(), error: useId(), draw: useId() };
  const [drawId, setDrawId] = useState<number | undefined>(load.draws[0]?.id);
  const [betType, setBetType] = useState<LotteryBetType>('2D');
  const [posts, setPosts] = useState<readonly LotteryPost[]>([]);
  const [numbers, setNumbers] = useState('');
  const [permute, setPermute] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [slip, setSlip] = useState<readonly SlipItem[]>([]);
  const [nextKey, setNextKey] = useState(1);

  const draw = load.draws.find((d) => d.id === drawId) ?? load.draws[0];
  const limits = useMemo(() => limitsOf(load), [load]);
  const layout = draw?.layout;
  const preview = useMemo(
    () =>
      layout === undefined
        ? null
        : previewItem({ betType, posts, numbers, permute, amount }, { layout, rate: load.rate, limits }),
    [layout, betType, posts, numbers, permute, amount, load.rate, limits],
  );

  if (!draw || layout === undefined) {
    return <p className="rounded-xl bg-amber-50 p-4 text-amber-900">{t('bet.noOpenDraw')}</p>;
  }

  const offered: LotteryPost[] = [...postLettersOf(layout), ROLL];
  const togglePost = (post: LotteryPost) => {
    setTouched(true);
    setPosts((current) => {
      if (current.includes(post)) return current.filter((p) => p !== post);
      // ROLL is every line and never combines with letters (§4): choosing one side clears the other.
      if (post === ROLL) return [ROLL];
      return [...current.filter((p) => p !== ROLL), post];
    });
  };
  const changeDraw = (id: number) => {
    const chosen = load.draws.find((d) => d.id === id);
    // The slip's lines and money belong to a layout; another layout would charge differently.
    if (chosen?.layout !== layout) {
      setSlip([]);
      setPosts([]);
    }
    setDrawId(id);
  };
  const changeAmount = (text: string) => {
    const value = parseAmountText(text);
    setAmount(Number.isFinite(value) ? formatThousands(value) : text);
    setTouched(true);
  };

  const error = touched && preview && !preview.ok ? lotteryErrorText(preview.error, t, betType) : null;
  const full = slip.length >= load.limits.max_items;
  const addItem = () => {
    setTouched(true);
    if (!preview?.ok || full) return;
    setSlip((current) => [...current, { key: nextKey, text: numbers, preview: preview.value }]);
    setNextKey((k) => k + 1);
    setNumbers('');
    setTouched(false);
  };
  const totals = ticketTotals(slip.map((item) => item.preview));
  const submit = () => {
    if (slip.length === 0) return;
    confirm(
      t('bet.confirmMessage', { items: slip.length, draw: drawLabel(draw), net: formatRiel(totals.net) }),
      t('bet.confirmTitle'),
      () =>
        onSubmit(
          {
            type: load.type,
            draw_id: draw.id,
            items: slip.map(({ text, preview: item }) => ({
              bet_type: item.betType,
              posts: [...item.posts],
              numbers: text,
              permute: item.permute,
              amount: item.amount,
            })),
          },
          () => setSlip([]),
        ),
    );
  };

  return (
    // min-w-0: a grid cell otherwise grows to its longest unbreakable line (a slip's numbers) and widens the page.
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <div>
          <label htmlFor={ids.draw} className="text-sm font-semibold">
            {t('bet.draw')}
          </label>
          <select
            id={ids.draw}
            value={draw.id}
            onChange={(e) => changeDraw(Number(e.target.value))}
            className={FIELD}
            data-testid="bet-draw"
          >
            {load.draws.map((d) => (
              <option key={d.id} value={d.id}>
                {drawLabel(d)} · {t('bet.closesAt', { time: wallTime(d.cutoff_at) })}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t('bet.betType')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {LOTTERY_BET_TYPES.map((type) => (
              <label
                key={type}
                className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 font-semibold ring-1 has-[:focus-visible]:ring-4 ${
                  betType === type
                    ? 'bg-emerald-700 text-white ring-emerald-700'
                    : 'bg-white text-slate-800 ring-slate-300'
                }`}
              >
                <input
                  type="radio"
                  name="bet-type"
                  value={type}
                  checked={betType === type}
                  onChange={() => setBetType(type)}
                  className="sr-only"
                />
                {t(BET_TYPE_DIGITS[type] === 2 ? 'bet.digits2' : 'bet.digits3')}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">{t('bet.posts')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {offered.map((post) => {
              const on = posts.includes(post);
              return (
                <label
                  key={post}
                  className={`flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center rounded-lg px-3 ring-1 has-[:focus-visible]:ring-4 ${
                    on
                      ? 'bg-emerald-700 text-white ring-emerald-700'
                      : 'bg-white text-slate-800 ring-slate-300'
                  }`}
                  data-testid={`post-${post}`}
                >
                  <input type="checkbox" checked={on} onChange={() => togglePost(post)} className="sr-only" />
                  <span className="font-bold">{postName(post, t('common.roll'))}</span>
                  <span className="text-xs">
                    {t('bet.postLines', { count: postLineCount(layout, betType, post) ?? 0 })}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div>
          <label htmlFor={ids.numbers} className="text-sm font-semibold">
            {t('bet.numbers')}
          </label>
          <textarea
            id={ids.numbers}
            value={numbers}
            onChange={(e) => {
              setNumbers(e.target.value);
              setTouched(true);
            }}
            rows={2}
            aria-describedby={`${ids.numbers}-hint ${ids.error}`}
            aria-invalid={error !== null || undefined}
            className={`${FIELD} py-2 font-mono`}
            data-testid="bet-numbers"
          />
          <p id={`${ids.numbers}-hint`} className="mt-1 text-xs text-slate-600">
            {t('bet.numbersHint')}
          </p>
        </div>
        <NumberPicker
          betType={betType}
          numbers={numbers}
          onAdd={(n) => {
            setNumbers((current) => (current.trim() === '' ? n : `${current.trim()} ${n}`));
            setTouched(true);
          }}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={permute}
            onChange={(e) => setPermute(e.target.checked)}
            className="size-5 accent-emerald-700"
            data-testid="bet-permute"
          />
          <span>{t('bet.permute')}</span>
        </label>
        <div>
          <label htmlFor={ids.amount} className="text-sm font-semibold">
            {t('bet.amount')}
          </label>
          <input
            id={ids.amount}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => changeAmount(e.target.value)}
            aria-describedby={`${ids.amount}-hint ${ids.error}`}
            className={`${FIELD} tabular-nums`}
            data-testid="bet-amount"
          />
          <p id={`${ids.amount}-hint`} className="mt-1 text-xs text-slate-600">
            {t('bet.amountHint', {
              min: formatRiel(load.limits.min_amount),
              max: formatRiel(load.limits.max_amount[betType]),
            })}
          </p>
        </div>
      </Card>
      <div className="min-w-0 space-y-4">
        <Card title={t('bet.preview')} testId="bet-preview">
          <p
            id={ids.error}
            role="alert"
            className="min-h-6 font-semibold text-red-700"
            data-testid="bet-error"
          >
            {error}
          </p>
          {preview?.ok && <PreviewFigures preview={preview.value} />}
          <Button
            className="w-full"
            onClick={addItem}
            disabled={full || (touched && !preview?.ok)}
            data-testid="bet-add"
          >
            {t('bet.add')}
          </Button>
        </Card>
        <Card title={t('bet.slip')} testId="bet-slip">
          {slip.length === 0 ? (
            <p className="text-slate-600">{t('bet.slipEmpty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {slip.map(({ key, preview: item }) => (
                <li
                  key={key}
                  className="flex items-center justify-between gap-2 py-2"
                  data-testid="slip-item"
                >
                  <span className="min-w-0 flex-1">
                    <span className="font-semibold">
                      {t(BET_TYPE_DIGITS[item.betType] === 2 ? 'bet.digits2' : 'bet.digits3')} ·{' '}
                      {item.posts.map((p) => postName(p, t('common.roll'))).join(' ')}
                    </span>
                    <span className="block truncate font-mono text-sm text-slate-600">
                      {item.numbers.join(' ')}
                    </span>
                  </span>
                  <span className="shrink-0 text-right tabular-nums">{formatRiel(item.net)}</span>
                  <button
                    type="button"
                    onClick={() => setSlip((s) => s.filter((i) => i.key !== key))}
                    aria-label={t('bet.removeItem', { numbers: item.numbers.slice(0, 5).join(' ') })}
                    className="min-h-11 min-w-11 shrink-0 rounded-lg text-red-700 ring-1 ring-slate-300 hover:bg-red-50"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-2 gap-1 border-t border-slate-200 pt-2 text-sm">
            <dt>{t('bet.face')}</dt>
            <dd className="text-right tabular-nums" data-testid="slip-face">
              {formatRiel(totals.face)}
            </dd>
            <dt>{t('bet.discount')}</dt>
            <dd className="text-right tabular-nums">{formatRiel(totals.discount)}</dd>
            <dt className="font-semibold">{t('bet.net')}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="slip-net">
              {formatRiel(totals.net)}
            </dd>
          </dl>
          <Button
            className="w-full"
            onClick={submit}
            disabled={slip.length === 0}
            isPending={submitting}
            data-testid="bet-submit"
          >
            {t('bet.submit')}
          </Button>
        </Card>
      </div>
    </div>
  );
}

function PreviewFigures({ preview }: { preview: ItemPreview }) {
  const { t } = useLotteryTranslation();
  const shown = preview.numbers.slice(0, EXPANDED_SHOWN_MAX);
  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm font-semibold">{t('bet.expanded')}</p>
        <p className="mt-1 flex flex-wrap gap-1 font-mono text-sm" data-testid="preview-numbers">
          {shown.map((n) => (
            <span key={n} className="rounded bg-slate-100 px-1.5 py-0.5">
              {n}
            </span>
          ))}
          {preview.numbers.length > shown.length && <span>…</span>}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt>{t('bet.count')}</dt>
        <dd className="text-right tabular-nums" data-testid="preview-count">
          {preview.numbers.length}
        </dd>
        <dt>{t('bet.lines')}</dt>
        <dd className="text-right tabular-nums" data-testid="preview-lines">
          {preview.lines}
        </dd>
        <dt>{t('bet.face')}</dt>
        <dd className="text-right tabular-nums" data-testid="preview-face">
          {formatRiel(preview.face)}
        </dd>
        <dt>{t('bet.discount')}</dt>
        <dd className="text-right tabular-nums" data-testid="preview-discount">
          {formatRiel(preview.discount)}
        </dd>
        <dt className="font-semibold">{t('bet.net')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="preview-net">
          {formatRiel(preview.net)}
        </dd>
      </dl>
    </div>
  );
}
