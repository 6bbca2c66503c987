import { Volume2, VolumeX } from 'lucide-react';
import { useRef, type CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useFocusTrap } from '@/components/ui/focus-trap';
import { APP_VERSION, MENU_WIDTH_NARROW, MENU_WIDTH_WIDE } from '@/config/constants';
import { useUser } from '@/features/auth/api/get-user';
import { useTicketBadge } from '@/features/lotto59/api/get-ticket-badge';
import { useTranslation } from '@/lib/i18n';
import { useSoundState } from '@/lib/sound';
import { linkLabel, menuFor } from './menu';

export const SIDE_MENU_ID = 'side-menu';

const FOOTER_BUTTON =
  'flex items-center gap-3 rounded-lg px-2.5 text-sm whitespace-nowrap text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-amber-300';

/** Seed §2 ticket menu: how many lotto 59 tickets wait for their result (read by screen readers too). */
function OutstandingBadge({ count, wide }: { count: number; wide: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="outstanding-badge"
      className={`${wide ? 'ml-auto' : 'absolute top-0.5 left-6'} min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-slate-950`}
    >
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only"> {t('menu.outstanding')}</span>
    </span>
  );
}

/** The menu's content: groups of links in seed §2 order, then the footer (version, language, sound). */
function MenuContent({
  wide,
  dense,
  onNavigate,
}: {
  wide: boolean;
  dense: boolean;
  onNavigate?: () => void;
}) {
  const { t, language } = useTranslation();
  const sound = useSoundState();
  const outstanding = useTicketBadge().data?.outstanding ?? 0;
  const { data: user } = useUser();
  const hidden = wide ? '' : 'sr-only';
  // Phones get 44 px touch targets; a desktop pointer fits the whole menu on a laptop screen with 36 px, and on
  // a screen under 820 px high (1366 × 768) with 30 px rows, lower group headings and less space between them,
  // so every link of the longest menu (the lottery's three included) shows without a scroll, even below the
  // winners banner (issue 26, item 10). With the statement, the notifications and the limits entries that is 20
  // links: 20 × 26 + 5 × 24 + 8 = 648 px of the 660 left; 26 px stays above WCAG 2.2's 24 px target for a mouse. A heading keeps room
  // above its Khmer letters (at 20 px their tops were cut).
  // (The classes are written whole, so that Tailwind finds them in the source.)
  const height = dense ? 'min-h-9 [@media(max-height:820px)]:min-h-[26px]' : 'min-h-[44px]';
  const headingHeight = dense ? 'h-7 [@media(max-height:820px)]:h-6' : 'h-7';
  return (
    // One scroll for the links and the footer: on a short screen the footer (sound, language, version) goes
    // below the fold, never the links.
    <div className="flex min-h-0 flex-1 flex-col overflow-x-hidden overflow-y-auto">
      <ul
        className={`flex-1 py-2 ${dense ? 'space-y-0.5 [@media(max-height:820px)]:space-y-0 [@media(max-height:820px)]:py-1' : 'space-y-1'}`}
      >
        {menuFor(user).map((group, index) => (
          <li key={group.headingKey ?? index}>
            {group.headingKey && (
              // The same height wide or narrow, so nothing moves under the pointer when the menu widens.
              <span
                className={`flex ${headingHeight} items-end overflow-hidden px-4 pb-1 text-xs font-semibold tracking-wide whitespace-nowrap text-emerald-200`}
              >
                {wide ? (
                  t(group.headingKey)
                ) : (
                  <span aria-hidden="true" className="mb-1 block h-px w-full bg-slate-700" />
                )}
              </span>
            )}
            <ul>
              {group.links.map((link) => {
                const { href, icon: Icon, badge } = link;
                const label = linkLabel(link, t, language);
                return (
                  <li key={href}>
                    <NavLink
                      to={href}
                      onClick={onNavigate}
                      title={wide ? undefined : label}
                      className={({ isActive }) =>
                        `relative mx-1 flex ${height} items-center gap-3 rounded-lg px-2.5 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-amber-300 ${
                          isActive
                            ? 'bg-emerald-700 font-semibold text-white'
                            : 'text-slate-100 hover:bg-slate-800'
                        }`
                      }
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      <span className={hidden}>{label}</span>
                      {badge && outstanding > 0 && <OutstandingBadge count={outstanding} wide={wide} />}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-stretch border-t border-slate-700 p-1">
        <button
          type="button"
          onClick={sound.toggle}
          aria-pressed={sound.state === 'ENABLED'}
          title={wide ? undefined : t('menu.sound')}
          className={`${FOOTER_BUTTON} ${height}`}
        >
          {sound.state === 'ENABLED' ? (
            <Volume2 aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <VolumeX aria-hidden="true" className="size-5 shrink-0" />
          )}
          <span className={hidden}>{t('menu.sound')}</span>
        </button>
        <LanguageSwitch iconOnly={!wide} className={`${FOOTER_BUTTON} ${height}`} />
        <p className="px-2.5 py-1 text-xs whitespace-nowrap text-slate-300" data-testid="app-version">
          {wide ? t('app.version', { version: APP_VERSION }) : APP_VERSION}
        </p>
      </div>
    </div>
  );
}

/**
 * Seed §2 desktop menu: 3.15rem wide, 14rem on hover, on keyboard focus, or while pinned by the top bar's
 * menu button. Hovering lays it over the page; pinning moves the page aside.
 */
export function DesktopSideMenu({
  pinned,
  hovered,
  onHoverChange,
  belowBanner = false,
}: {
  pinned: boolean;
  hovered: boolean;
  onHoverChange: (hovered: boolean) => void;
  /** The winners banner is showing under the top bar: the menu starts below it. */
  belowBanner?: boolean;
}) {
  const { t } = useTranslation();
  const wide = pinned || hovered;
  const style: CSSProperties = { width: wide ? MENU_WIDTH_WIDE : MENU_WIDTH_NARROW };
  return (
    <nav
      id={SIDE_MENU_ID}
      aria-label={t('menu.label')}
      style={style}
      data-expanded={wide}
      onMouseEnter={() => onHoverChange(true)}
      onMouseLeave={() => onHoverChange(false)}
      onFocus={() => onHoverChange(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHoverChange(false);
      }}
      className={`fixed ${belowBanner ? 'top-27' : 'top-14'} bottom-0 left-0 z-20 flex flex-col bg-slate-900 shadow-lg motion-safe:transition-[width] motion-safe:duration-150`}
    >
      <MenuContent wide={wide} dense />
    </nav>
  );
}

/** Seed §2 phone menu: an overlay that closes when an item is chosen, on Escape, or on the backdrop. */
export function MobileSideMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDivElement>(null);
  useFocusTrap(drawer, onClose);
  return (
    <div className="fixed inset-0 z-40">
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('topBar.closeMenu')}
        onClick={onClose}
        className="absolute inset-0 h-full w-full bg-slate-950/60"
      />
      <div
        ref={drawer}
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.label')}
        style={{ width: MENU_WIDTH_WIDE }}
        className="absolute inset-y-0 left-0 flex flex-col bg-slate-900 shadow-2xl"
      >
        <nav id={SIDE_MENU_ID} aria-label={t('menu.label')} className="flex min-h-0 flex-1 flex-col">
          <MenuContent wide dense={false} onNavigate={onClose} />
        </nav>
      </div>
    </div>
  );
}
