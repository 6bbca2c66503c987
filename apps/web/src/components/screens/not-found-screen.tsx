import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

/** Seed §2: the 404 page (at `/404`; unknown paths themselves lead to lotto 59, seed §2). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <SearchX aria-hidden="true" className="size-8" />
        </div>
        <p className="text-4xl font-bold text-slate-600">404</p>
        <h1 className="mt-2 text-xl font-semibold">{t('notFound.title')}</h1>
        <p className="mt-2 text-slate-600">{t('notFound.message')}</p>
        <Link
          to={paths.home.getHref()}
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {t('notFound.back')}
        </Link>
      </div>
    </main>
  );
}
