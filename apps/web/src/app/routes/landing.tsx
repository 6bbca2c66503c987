import { Dices, LogIn, Play } from 'lucide-react';
import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { AFTER_LOGIN_HREF, paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useTranslation } from '@/lib/i18n';

const HIGHLIGHT_KEYS = ['landing.highlightLotto', 'landing.highlightGames', 'landing.highlightSafe'] as const;

/**
 * Seed §2 `/`: the landing page. Its header button reads "start playing" for a signed-in player and
 * "log in" otherwise, and opens its target in the same window.
 */
export function LandingRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const signedIn = Boolean(user);
  const target = signedIn ? AFTER_LOGIN_HREF : paths.auth.login.getHref();
  const Icon = signedIn ? Play : LogIn;
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-emerald-800 to-slate-900 text-white">
      <header className="flex items-center gap-2 px-4 py-3 sm:px-8">
        <Dices aria-hidden="true" className="size-7 text-amber-300" />
        <span className="text-xl font-semibold">{t('app.name')}</span>
        <LanguageSwitch
          compact
          className="ml-auto min-h-11 min-w-11 justify-center px-2 text-white hover:bg-white/10 focus-visible:outline-white"
        />
        <Link
          to={target}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-amber-400 px-5 font-semibold text-slate-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Icon aria-hidden="true" className="size-5" />
          {signedIn ? t('landing.startPlaying') : t('landing.logIn')}
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-12 sm:px-8">
        <h1 className="text-3xl leading-snug font-semibold sm:text-5xl sm:leading-snug">
          {t('landing.title')}
        </h1>
        <p className="mt-4 text-lg text-emerald-100">{t('landing.tagline')}</p>
        <ul className="mt-8 grid gap-3 sm:grid-cols-3">
          {HIGHLIGHT_KEYS.map((key) => (
            <li key={key} className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/15">
              {t(key)}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
