import type { UserDetail } from '@lotto59/contract';
import { Monitor, Smartphone } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { MENU_WIDTH_NARROW, MENU_WIDTH_WIDE } from '@/config/constants';
import { VIEW_TOGGLE_ACCOUNT_IDS } from '@/config/env';
import { useUser } from '@/features/auth/api/get-user';
import { useTranslation } from '@/lib/i18n';
import { useNotifications } from '@/lib/notifications';
import { readViewMode, switchViewMode, type ViewMode } from '@/lib/view-mode';
import { RouteErrorBoundary } from '../route-error-boundary';
import { isGamePath } from './menu';
import { DesktopSideMenu, MobileSideMenu } from './side-menu';
import { TopBar } from './top-bar';

/**
 * The service worker's registration and update prompt (decision 0051): a chunk of its own, fetched only
 * after the page has loaded and the first screen's requests are out of the way (`useAfterLoad`), so it is
 * never on the path of `/login` or of the board.
 */
const AppUpdates = lazy(() => import('@/pwa/app-updates'));
const AFTER_LOAD_DELAY_MS = 2_000;

function useAfterLoad(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const start = () => {
      timer = window.setTimeout(() => setReady(true), delayMs);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
    };
  }, [delayMs]);
  return ready;
}

/** Seed §6: the listed accounts also get a Mobile/Desktop button on desktop game pages. */
const showsViewToggle = (user: UserDetail, viewMode: ViewMode, pathname: string): boolean =>
  viewMode === 'desktop' && isGamePath(pathname) && VIEW_TOGGLE_ACCOUNT_IDS.has(user.auth.id);

/** At the end of the page, in its flow: floating over the page, it covered the board's number field. */
function ViewToggleForListedAccounts() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end px-4 pb-4 print:hidden">
      <button
        type="button"
        onClick={() => switchViewMode('mobile')}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-900 px-4 font-semibold text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <Smartphone aria-hidden="true" className="size-5" />
        <span>{t('topBar.mobileDesktop')}</span>
        <Monitor aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex justify-center p-10 text-emerald-700">
      <Spinner className="size-8" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

/**
 * Seed §2 main layout: top bar (`header`), side menu (`nav`), the page (`main`). The view (phone or desktop)
 * is the stored preference, not the window's width (seed §2).
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const [viewMode] = useState(readViewMode);
  const [menuOpen, setMenuOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The winners banner sits under the top bar (h-13): the page and the menu move down by it, so it covers nothing.
  const bannerShown = useNotifications().banner !== null;
  const loaded = useAfterLoad(AFTER_LOAD_DELAY_MS);
  if (!user) return null; // The guard has already redirected.

  const desktop = viewMode === 'desktop';
  const viewToggle = showsViewToggle(user, viewMode, pathname);
  const mainStyle = desktop ? { paddingLeft: menuOpen ? MENU_WIDTH_WIDE : MENU_WIDTH_NARROW } : undefined;
  return (
    <div className="min-h-full print:bg-white" data-view={viewMode}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 font-semibold text-emerald-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('topBar.skipToContent')}
      </a>
      <div className="print:hidden">
        <TopBar
          user={user}
          viewMode={viewMode}
          menuOpen={menuOpen}
          onMenuToggle={() => setMenuOpen((open) => !open)}
        />
        {desktop ? (
          <DesktopSideMenu
            pinned={menuOpen}
            hovered={hovered}
            onHoverChange={setHovered}
            belowBanner={bannerShown}
          />
        ) : (
          menuOpen && <MobileSideMenu onClose={() => setMenuOpen(false)} />
        )}
      </div>
      <main
        id="main"
        tabIndex={-1}
        style={mainStyle}
        className={`min-h-full ${bannerShown ? 'pt-27' : 'pt-14'} outline-none motion-safe:transition-[padding] print:!p-0`}
      >
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
        {viewToggle && <ViewToggleForListedAccounts />}
      </main>
      {loaded && (
        <Suspense fallback={null}>
          <AppUpdates />
        </Suspense>
      )}
    </div>
  );
}
