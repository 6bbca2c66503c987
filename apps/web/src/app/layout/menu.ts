import {
  ArrowDownToLine,
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
  LogOut,
  ReceiptText,
  Spade,
  Ticket,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n';

export interface MenuLink {
  labelKey: TranslationKey;
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

/** Seed §2 side menu, in its order. */
export const MENU: readonly MenuGroup[] = [
  {
    headingKey: 'menu.games',
    links: [
      { labelKey: 'menu.lotto59', href: paths.game.lotto59.getHref(), icon: Dices },
      { labelKey: 'menu.sport', href: paths.game.sport.getHref(), icon: Trophy },
      { labelKey: 'menu.casino', href: paths.game.casino.getHref(), icon: Spade },
      { labelKey: 'menu.fishing', href: paths.game.fishing.getHref(), icon: Fish },
      { labelKey: 'menu.lottery', href: paths.lottery.home.getHref(), icon: Clover, flag: 'enableLottery' },
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
      { labelKey: 'menu.logout', href: paths.auth.logout.getHref(), icon: LogOut },
    ],
  },
];

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
