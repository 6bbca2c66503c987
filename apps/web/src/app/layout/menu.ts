import {
  ArrowDownToLine,
  Bell,
  ArrowUpFromLine,
  ChartArea,
  ChartColumn,
  ChartLine,
  ChartPie,
  ChartSpline,
  Clover,
  Dices,
  Fish,
  KeyRound,
  LayoutGrid,
  LogOut,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  Spade,
  Ticket,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { Language, TFunction, TranslationKey } from '@/lib/i18n';

export interface MenuLink {
  /** The label's key in the app's catalogue; `label` instead for an entry whose text lives with the layout. */
  labelKey?: TranslationKey;
  /**
   * The label in each language, kept in the layout's chunk rather than the start-up catalogue (the `/login`
   * budget had no room for it: issue 26's notifications entry).
   */
  label?: Readonly<Record<Language, string>>;
  href: string;
  icon: LucideIcon;
  /** A count shown beside the link: the lotto 59 tickets waiting for their result. */
  badge?: 'outstandingTickets';
  /** Shown only when this flag of the user detail is on (seed §6: the lottery routes exist only then). */
  flag?: 'enableLottery';
}

export interface MenuGroup {
  /** Shown above the group's links when the menu is wide. */
  headingKey?: TranslationKey;
  links: readonly MenuLink[];
}

/** The push opt-in's page (one route with the password page: `paths.user.section`). */
export const NOTIFICATIONS_HREF = paths.user.section.replace(':section', 'notifications');

/** Seed §2 side menu, in its order, with the games page added after the games (issue 26). */
export const MENU: readonly MenuGroup[] = [
  {
    headingKey: 'menu.games',
    links: [
      { labelKey: 'menu.lotto59', href: paths.game.lotto59.getHref(), icon: Dices },
      { labelKey: 'menu.sport', href: paths.game.sport.getHref(), icon: Trophy },
      { labelKey: 'menu.casino', href: paths.game.casino.getHref(), icon: Spade },
      { labelKey: 'menu.fishing', href: paths.game.fishing.getHref(), icon: Fish },
      { labelKey: 'menu.lottery', href: paths.lottery.home.getHref(), icon: Clover, flag: 'enableLottery' },
      // Issue 26: one more entry after the seed's games, the page of every product's tile (slots included).
      { labelKey: 'menu.allGames', href: paths.games.getHref(), icon: LayoutGrid },
    ],
  },
  {
    headingKey: 'menu.ticketVerification',
    links: [
      {
        labelKey: 'menu.lotto59Tickets',
        href: paths.ticket.lotto59.getHref(),
        icon: Ticket,
        badge: 'outstandingTickets',
      },
      {
        labelKey: 'menu.lotteryTickets',
        href: paths.ticket.lottery.getHref(),
        icon: ReceiptText,
        flag: 'enableLottery',
      },
    ],
  },
  {
    headingKey: 'menu.withdrawals',
    links: [
      { labelKey: 'menu.withdrawHistory', href: paths.transaction.withdraw.getHref(), icon: ArrowUpFromLine },
    ],
  },
  {
    headingKey: 'menu.deposits',
    links: [
      { labelKey: 'menu.depositHistory', href: paths.transaction.deposit.getHref(), icon: ArrowDownToLine },
      // Issue 25: beside the seed's deposit and withdraw history, after them, the one statement of every product.
      { labelKey: 'menu.statement', href: paths.transaction.statement.getHref(), icon: ScrollText },
    ],
  },
  {
    headingKey: 'menu.reports',
    links: [
      // A chart each, of its own shape: on the narrow rail the icon is all a player sees of the link.
      { labelKey: 'menu.reportLotto59', href: paths.report.lotto59.getHref(), icon: ChartColumn },
      { labelKey: 'menu.reportSport', href: paths.report.sport.getHref(), icon: ChartLine },
      { labelKey: 'menu.reportCasino', href: paths.report.casino.getHref(), icon: ChartPie },
      { labelKey: 'menu.reportFishing', href: paths.report.fishing.getHref(), icon: ChartArea },
      {
        labelKey: 'menu.reportLottery',
        href: paths.report.lottery.getHref(),
        icon: ChartSpline,
        flag: 'enableLottery',
      },
    ],
  },
  {
    links: [
      { labelKey: 'menu.changePassword', href: paths.user.password.getHref(), icon: KeyRound },
      // Issue 26: push notifications, asked for here and never on a first visit (decision 0051).
      {
        label: { km: 'ការជូនដំណឹង', en: 'Notifications' },
        href: NOTIFICATIONS_HREF,
        icon: Bell,
      },
      { labelKey: 'menu.responsibleGaming', href: paths.user.limits.getHref(), icon: ShieldCheck },
      { labelKey: 'menu.logout', href: paths.auth.logout.getHref(), icon: LogOut },
    ],
  },
];

/** A link's text in the current language. */
export function linkLabel(
  link: Pick<MenuLink, 'labelKey' | 'label'>,
  t: TFunction,
  language: Language,
): string {
  return link.label ? link.label[language] : link.labelKey ? t(link.labelKey) : '';
}

/** The menu as this user sees it: links behind a flag that is off are left out. */
export function menuFor(flags: { enableLottery?: boolean } | null | undefined): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    links: group.links.filter((link) => link.flag === undefined || flags?.[link.flag] === true),
  }));
}

/** Game pages (seed §2: the back button on phones, the view toggle for the listed accounts). */
export const isGamePath = (pathname: string): boolean => pathname.startsWith('/game/');

/** Seed §1: the balance is hidden on the sport, casino and slot pages. */
const BALANCE_HIDDEN_PREFIXES = [
  paths.game.sport.getHref(),
  paths.game.casino.getHref(),
  paths.game.slot.getHref(),
];
export const isBalanceHidden = (pathname: string): boolean =>
  BALANCE_HIDDEN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
