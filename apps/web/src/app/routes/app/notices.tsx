import { ArrowLeft, ChartColumn, Gamepad2 } from 'lucide-react';
import { Link } from 'react-router';
import { NoticeScreen } from '@/components/screens/notice-screen';
import { FISHING_REFETCH_MS } from '@/config/constants';
import { AFTER_LOGIN_HREF } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useTranslation } from '@/lib/i18n';

const ICON = 'size-8';

/** `/report/…`. */
export function ReportsRoute() {
  const { t } = useTranslation();
  return (
    <NoticeScreen
      icon={<ChartColumn aria-hidden="true" className={ICON} />}
      title={t('notice.reportsTitle')}
      message={t('notice.comingSoon')}
    />
  );
}

/**
 * `/game/fishing`. Seed §4: while a transfer to the fishing game is in flight (`is_loading` 1), the user
 * detail is fetched again every 3 s, so the balance comes back on its own.
 */
export function FishingRoute() {
  const { t } = useTranslation();
  useUser({ refetchWhileLoadingMs: FISHING_REFETCH_MS });
  return (
    <NoticeScreen
      icon={<Gamepad2 aria-hidden="true" className={ICON} />}
      title={t('notice.fishingTitle')}
      message={t('notice.gameNotOpen')}
    />
  );
}

/** `/game/fishing/play/:id?`: full screen (seed §2), with a way back. */
export function FishingPlayRoute() {
  const { t } = useTranslation();
  useUser({ refetchWhileLoadingMs: FISHING_REFETCH_MS });
  return (
    <main className="flex min-h-full items-center justify-center bg-slate-950 text-white">
      <div className="max-w-md px-4 text-center">
        <Gamepad2 aria-hidden="true" className="mx-auto size-12 text-amber-300" />
        <h1 className="mt-4 text-2xl font-semibold">{t('notice.fishingTitle')}</h1>
        <p className="mt-2 text-slate-300">{t('notice.gameNotOpen')}</p>
        <Link
          to={AFTER_LOGIN_HREF}
          className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('notice.backToGames')}
        </Link>
      </div>
    </main>
  );
}
