import { formatRiel } from '@lotto59/domain';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-user';
import { LogoutButton } from '@/features/auth/components/logout-button';

/**
 * Stands in for every signed-in page until the app shell (top bar, side menu) and the games are built.
 * Seed §1: the username in upper case and the balance followed by the riel sign.
 */
export default function SignedInPlaceholderRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null; // The guard has already redirected.
  return (
    <div className="min-h-full">
      <header className="flex flex-wrap items-center justify-between gap-3 bg-slate-900 px-4 py-3 text-white">
        <span className="text-lg font-semibold">{t('app.name')}</span>
        <div className="flex items-center gap-4">
          <span className="font-semibold">{user.auth.username.toUpperCase()}</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-600 px-3 py-1 text-sm font-semibold">
            <Wallet aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('account.balance')}</span>
            {formatRiel(user.balance)}
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-8">
        <p className="rounded-2xl bg-white p-6 text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t('placeholder.comingSoon')}
        </p>
        <LogoutButton />
      </main>
    </div>
  );
}
