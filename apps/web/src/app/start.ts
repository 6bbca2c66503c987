import { getCsrfCookie } from '@/features/auth/api/get-csrf-cookie';
import { installAnalytics } from '@/lib/analytics';
import { resetCookiesOnFirstLoad } from '@/lib/cookies';
import { initLanguage } from '@/lib/i18n';
import { unlockSoundOnFirstClick } from '@/lib/sound';

/**
 * Before the first render (seed §4): clear every cookie once on the first load, listen for the click that
 * unlocks sound, start analytics, and pick the player's language.
 */
export async function startApp(): Promise<void> {
  if (resetCookiesOnFirstLoad()) {
    // The clearing took the XSRF-TOKEN cookie too: ask for a new one, bound to the session if there is one.
    void getCsrfCookie().catch(() => undefined);
  }
  unlockSoundOnFirstClick();
  installAnalytics();
  await initLanguage();
}
