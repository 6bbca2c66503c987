import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { LanguageSwitch } from '@/components/ui/language-switch';
import type { LoggedIn } from '@/features/auth/api/login';
import { LoginForm } from '@/features/auth/components/login-form';
import { applyPollRule } from '@/lib/cookies';
import { useTranslation } from '@/lib/i18n';
import { preloadAfterLogin, routeModules } from '../../route-modules';

/** The login form is on screen for seconds: enough to fetch the landing page's code in the background. */
const PRELOAD_DELAY_MS = 1_000;

/** `/login`: signed-out players only; a successful login stores the user and the guard moves on to lotto 59. */
export function LoginRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(preloadAfterLogin, PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // The board's first calls start with the login's answer, not once the board is drawn (issue 11); what the
  // answer carries (the pool, the rates: issue 26) is not asked again. The poll cookie rule first (seed §4),
  // so the pool comes from the cookie when the rule sets one.
  const onLoggedIn = useCallback(
    ({ user, board }: LoggedIn) => {
      applyPollRule(user);
      // The answers the login carried are stored before the board renders (it would ask for them otherwise);
      // its open round is then asked for in the background.
      return routeModules
        .lotto59()
        .then((m) => {
          if (board) m.seedLotto59Board(queryClient, board);
          void m.prefetchLotto59Board(queryClient);
        })
        .catch(() => undefined);
    },
    [queryClient],
  );
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-b from-emerald-700 to-slate-900 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-2 flex justify-end">
          <LanguageSwitch className="min-h-11 min-w-11 justify-center px-2 text-white hover:bg-white/10 focus-visible:outline-white" />
        </div>
        <div className="mb-6 text-center text-white">
          <p className="text-3xl font-semibold tracking-wide">{t('app.name')}</p>
          <h1 className="mt-1 text-emerald-100">{t('login.welcome')}</h1>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-xl sm:p-7">
          <LoginForm onLoggedIn={onLoggedIn} />
        </div>
      </div>
    </main>
  );
}
