import { choosablePools, POOLS, type Pool, type PoolSettings } from '@lotto59/domain';
import { useLottoTranslation } from '../i18n';

/**
 * POLL_1 (classic) / POLL_2 (fast). Seed §4: POLL_1 is offered only while the player's setting allows it;
 * with one pool left there is nothing to switch.
 */
export function PoolSwitch({
  pool,
  user,
  pending,
  onChange,
}: {
  pool: Pool;
  user: PoolSettings;
  pending: boolean;
  onChange: (pool: Pool) => void;
}) {
  const { t } = useLottoTranslation();
  const choosable = choosablePools(user);
  const name = (p: Pool) => (p === 'POLL_1' ? t('pool.classic') : t('pool.fast'));
  if (choosable.length < 2) {
    return <p className="text-sm text-emerald-100">{t('pool.current', { name: name(pool) })}</p>;
  }
  return (
    <div role="group" aria-label={t('pool.label')} className="inline-flex rounded-full bg-emerald-950/50 p-1">
      {POOLS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={p === pool}
          disabled={pending}
          onClick={() => p !== pool && onChange(p)}
          className={`min-h-11 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 ${
            p === pool ? 'bg-amber-400 text-slate-950' : 'text-white hover:bg-white/10'
          }`}
        >
          {name(p)}
        </button>
      ))}
    </div>
  );
}
