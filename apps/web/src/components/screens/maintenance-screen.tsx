import maintenanceImage from '@/assets/maintenance.svg';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

/**
 * Seed §2: an image, a message that the system is being updated, and a button back to the start page that
 * loads it anew (a full reload, so the app asks the server again).
 */
export function MaintenanceScreen({
  reload = (href: string) => window.location.assign(href),
}: {
  reload?: (href: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <img
          src={maintenanceImage}
          alt={t('maintenance.imageAlt')}
          width={240}
          height={160}
          className="mx-auto h-auto w-60"
        />
        <h1 className="mt-4 text-xl font-semibold">{t('maintenance.title')}</h1>
        <p className="mt-2 text-slate-600">{t('maintenance.message')}</p>
        <Button className="mt-6" onClick={() => reload(paths.home.getHref())}>
          {t('maintenance.backToStart')}
        </Button>
      </div>
    </main>
  );
}
