/**
 * Seed §2: the mobile/desktop view. A stored preference; without one, desktop unless the browser says it is a
 * mobile device. Changing it reloads the page, as the original app did.
 */
export const VIEW_MODES = ['mobile', 'desktop'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const VIEW_MODE_STORAGE_KEY = 'lotto59.view';

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|BlackBerry/i;

export function looksLikeMobile(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

export function readViewMode(userAgent: string = navigator.userAgent): ViewMode {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(VIEW_MODE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (stored === 'mobile' || stored === 'desktop') return stored;
  return looksLikeMobile(userAgent) ? 'mobile' : 'desktop';
}

export function switchViewMode(mode: ViewMode, reload: () => void = () => window.location.reload()): void {
  try {
    localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Without storage the choice cannot outlive the reload; the default view stays.
  }
  reload();
}
