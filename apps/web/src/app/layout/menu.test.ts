import { describe, expect, it } from 'vitest';
import { gameTilesFor } from '../routes/app/games';
import { MENU, menuFor } from './menu';

describe('the side menu', () => {
  it('gives every link its own icon: on the narrow rail the icon is all there is to tell them apart', () => {
    const links = MENU.flatMap((group) => group.links);
    const icons = new Set(links.map((link) => link.icon));
    expect(icons.size).toBe(links.length);
  });

  it('shows the lottery links only when the lottery flag is on (seed §6)', () => {
    const hrefs = (flags: { enableLottery?: boolean } | null) =>
      menuFor(flags).flatMap((group) => group.links.map((link) => link.href));
    const lottery = ['/game/lottery', '/ticket/lottery', '/report/lottery'];
    expect(hrefs({ enableLottery: true })).toEqual(expect.arrayContaining(lottery));
    for (const flags of [{ enableLottery: false }, null]) {
      expect(hrefs(flags).filter((href) => lottery.includes(href))).toEqual([]);
    }
  });
});

describe('the games page entry (issue 26, item 2)', () => {
  it('keeps the seed’s entries in their order and adds the games page after the games', () => {
    const labels = menuFor({ enableLottery: false }).flatMap((group) =>
      group.links.map((l) => l.labelKey ?? l.label?.en),
    );
    expect(labels).toEqual([
      'menu.lotto59',
      'menu.sport',
      'menu.casino',
      'menu.fishing',
      'menu.allGames',
      'menu.lotto59Tickets',
      'menu.withdrawHistory',
      'menu.depositHistory',
      'menu.statement',
      'menu.reportLotto59',
      'menu.reportSport',
      'menu.reportCasino',
      'menu.reportFishing',
      'menu.changePassword',
      // Issue 26 item 3: the push opt-in, in the account group (decision 0051).
      'Notifications',
      'menu.responsibleGaming',
      'menu.logout',
    ]);
  });

  it('lists a tile for every product, slots included, and the lottery only with its flag', () => {
    const hrefs = (flags: { enableLottery?: boolean }) => gameTilesFor(flags).map((tile) => tile.href);
    expect(hrefs({ enableLottery: false })).toEqual([
      '/game/lotto/59',
      '/game/sport',
      '/game/casino',
      '/game/slot',
      '/game/fishing',
    ]);
    expect(hrefs({ enableLottery: true })).toContain('/game/lottery');
  });
});
