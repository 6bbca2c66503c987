import type { UserDetail } from '@lotto59/contract';
import { formatRiel } from '@lotto59/domain';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, House, Menu, Monitor, RotateCw, Smartphone, X } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AFTER_LOGIN_HREF } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useCountUp } from '@/lib/motion';
import { switchViewMode, type ViewMode } from '@/lib/view-mode';
import { isBalanceHidden, isGamePath } from './menu';
import { SIDE_MENU_ID } from './side-menu';

const ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-amber-300';

/** Seed §1: the username in upper case and the balance followed by ៛ (hidden on sport, casino and slots). */
function Account({ user, showBalance }: { user: UserDetail; showBalance: boolean }) {
  const { t } = useTranslation();
  // A payout counts up to the new balance, so the win is seen (issue 11); a stake is taken off at once.
  const balance = useCountUp(user.balance, { upOnly: true });
  return (
    <div className="ml-auto flex min-w-0 flex-col items-end leading-tight">
      <span
        className="max-w-[9rem] truncate text-sm font-semibold sm:max-w-none"
        data-testid="top-bar-username"
      >
        {user.auth.username.toUpperCase()}
      </span>
      {showBalance && (
        <span
          className="text-sm font-semibold whitespace-nowrap text-amber-300"
          data-testid="top-bar-balance"
        >
          <span className="sr-only">{t('account.balance')}: </span>
          {user.is_loading === 1 ? (
            <span className="inline-flex items-center gap-1">
              <Spinner className="size-4" />
              <span className="sr-only">{t('common.loading')}</span>
            </span>
          ) : (
            formatRiel(balance)
          )}
        </span>
      )}
    </div>
  );
}

/**
 * Seed §2 top bar: menu, back (phone game pages), home, reload, the mobile/desktop view toggle, and the
 * player. Reload refreshes every answer on screen (the balance first) without leaving the page.
 */
export function TopBar({
  user,
  viewMode,
  menuOpen,
  onMenuToggle,
}: {
  user: UserDetail;
  viewMode: ViewMode;
  menuOpen: boolean;
  onMenuToggle: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  const otherView: ViewMode = viewMode === 'mobile' ? 'desktop' : 'mobile';
  const menuLabel =
    viewMode === 'mobile'
      ? t(menuOpen ? 'topBar.closeMenu' : 'topBar.openMenu')
      : t(menuOpen ? 'topBar.collapseMenu' : 'topBar.expandMenu');

  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-14 items-center gap-0.5 bg-emerald-900 px-1 text-white shadow sm:gap-1 sm:px-2">
      <button
        type="button"
        onClick={onMenuToggle}
        aria-label={menuLabel}
        aria-expanded={menuOpen}
        aria-controls={viewMode === 'desktop' || menuOpen ? SIDE_MENU_ID : undefined}
        className={ICON_BUTTON}
      >
        {menuOpen && viewMode === 'mobile' ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>
      {viewMode === 'mobile' && isGamePath(pathname) && (
        <button
          type="button"
          onClick={() => void navigate(-1)}
          aria-label={t('topBar.back')}
          className={ICON_BUTTON}
        >
          <ArrowLeft aria-hidden="true" className="size-6" />
        </button>
      )}
      <Link to={AFTER_LOGIN_HREF} aria-label={t('topBar.home')} className={ICON_BUTTON}>
        <House aria-hidden="true" className="size-6" />
      </Link>
      <button
        type="button"
        onClick={() => void queryClient.invalidateQueries()}
        aria-label={t('topBar.reload')}
        className={ICON_BUTTON}
      >
        <RotateCw aria-hidden="true" className={`size-5 ${fetching ? 'motion-safe:animate-spin' : ''}`} />
      </button>
      <button
        type="button"
        onClick={() => switchViewMode(otherView)}
        aria-label={t(otherView === 'mobile' ? 'topBar.switchToMobile' : 'topBar.switchToDesktop')}
        className={ICON_BUTTON}
      >
        {otherView === 'mobile' ? (
          <Smartphone aria-hidden="true" className="size-5" />
        ) : (
          <Monitor aria-hidden="true" className="size-5" />
        )}
      </button>
      {viewMode === 'desktop' && <span className="ml-2 font-semibold">{t('app.name')}</span>}
      <Account user={user} showBalance={!isBalanceHidden(pathname)} />
    </header>
  );
}
