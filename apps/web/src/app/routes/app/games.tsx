import { Cherry, Clover, Dices, Fish, Spade, Trophy, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

interface GameTile {
  nameKey: TranslationKey;
  hintKey: TranslationKey;
  href: string;
  icon: LucideIcon;
  /** The tile's own colours: a gradient drawn in CSS (no picture to download on a slow line). */
  tone: string;
  /** Shown only when this flag of the user detail is on (seed §6). */
  flag?: 'enableLottery';
}

/** Every product, in the side menu's order, slots after casino (the seed's menu has no slot entry). */
const TILES: readonly GameTile[] = [
  {
    nameKey: 'menu.lotto59',
    hintKey: 'games.lotto59Hint',
    href: paths.game.lotto59.getHref(),
    icon: Dices,
    tone: 'from-emerald-700 to-emerald-900',
  },
  {
    nameKey: 'menu.sport',
    hintKey: 'games.sportHint',
    href: paths.game.sport.getHref(),
    icon: Trophy,
    tone: 'from-sky-700 to-sky-900',
  },
  {
    nameKey: 'menu.casino',
    hintKey: 'games.casinoHint',
    href: paths.game.casino.getHref(),
    icon: Spade,
    tone: 'from-rose-700 to-rose-900',
  },
  {
    nameKey: 'games.slot',
    hintKey: 'games.slotHint',
    href: paths.game.slot.getHref(),
    icon: Cherry,
    tone: 'from-fuchsia-700 to-purple-900',
  },
  {
    nameKey: 'menu.fishing',
    hintKey: 'games.fishingHint',
    href: paths.game.fishing.getHref(),
    icon: Fish,
    tone: 'from-cyan-700 to-teal-900',
  },
  {
    nameKey: 'menu.lottery',
    hintKey: 'games.lotteryHint',
    href: paths.lottery.home.getHref(),
    icon: Clover,
    tone: 'from-amber-600 to-orange-800',
    flag: 'enableLottery',
  },
];

/** The tiles this player may open: the lottery only with its flag. */
export function gameTilesFor(flags: { enableLottery?: boolean } | null | undefined): GameTile[] {
  return TILES.filter((tile) => tile.flag === undefined || flags?.[tile.flag] === true);
}

/** `/games` (issue 26, item 2): a tile per product, two a row on a phone, three on a wide screen. */
export function GamesRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  return (
    <div className="mx-auto max-w-4xl space-y-3 p-3 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('games.title')}</h1>
      <p className="text-slate-600">{t('games.intro')}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="game-tiles">
        {gameTilesFor(user).map(({ nameKey, hintKey, href, icon: Icon, tone }) => (
          <li key={href}>
            <Link
              to={href}
              className={`flex h-full min-h-32 flex-col justify-between gap-3 rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${tone}`}
            >
              <Icon aria-hidden="true" className="size-10" />
              <span>
                <span className="block text-lg font-bold">{t(nameKey)}</span>
                <span className="block text-sm text-white/85">{t(hintKey)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
