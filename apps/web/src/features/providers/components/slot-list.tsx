import { formatRiel } from '@lotto59/domain';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingState } from '@/components/ui/loading-state';
import { useSlotGames } from '../api/get-slot-games';
import { useProviderTranslation } from '../i18n';

/** `/game/slot`: the slot games (providers.md §5), each opening its play page. */
export function SlotList({ playHref }: { playHref: (code: string) => string }) {
  const { t, language } = useProviderTranslation();
  const games = useSlotGames();
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('slots.title')}</h1>
      {games.isPending && <LoadingState label={t('slots.loading')} />}
      {games.isError && (
        <LoadFailed
          message={t('slots.loadFailed')}
          retryLabel={t('slots.retry')}
          onRetry={() => void games.refetch()}
        />
      )}
      {games.data && games.data.length === 0 && <p className="text-slate-600">{t('slots.empty')}</p>}
      {games.data && games.data.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('slots.listLabel')}>
          {games.data.map((game) => {
            // The studio names its games in both languages; Khmer is the one a Khmer screen shows.
            const name = language === 'km' ? game.name_km : game.name;
            return (
              <li key={game.code} data-testid="slot-game">
                <Link
                  to={playHref(game.code)}
                  aria-label={t('slots.play', { name })}
                  className="block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 hover:ring-emerald-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                >
                  <img
                    src={game.thumbnail}
                    alt=""
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-emerald-950 object-cover"
                  />
                  <div className="space-y-1 p-3">
                    <p className="font-semibold text-slate-900">{name}</p>
                    <p className="text-xs text-slate-600">
                      {t('slots.lines', { count: game.lines })} · {t('slots.rtp', { rtp: game.rtp })}
                    </p>
                    <p className="text-xs text-slate-600">
                      {t('slots.betRange', { min: formatRiel(game.min_bet), max: formatRiel(game.max_bet) })}
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
