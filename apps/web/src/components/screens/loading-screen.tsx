import { useTranslation } from '@/lib/i18n';
import { Spinner } from '@/components/ui/spinner';

/** Shown while the app asks who is signed in (seed §4) and while a route module loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-full flex-col items-center justify-center gap-4 p-6">
      {/* The loading font of index.html (waits for the Khmer file instead of drawing boxes), then the app's. */}
      <span
        className="animate-bounce rounded-2xl bg-emerald-600 px-4 py-3 text-xl font-semibold text-white shadow-lg"
        style={{ fontFamily: "'Lotto59 Loading', var(--font-sans)" }}
      >
        {t('app.name')}
      </span>
      <Spinner className="size-8 text-emerald-600" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
