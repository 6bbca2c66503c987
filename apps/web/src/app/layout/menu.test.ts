import { describe, expect, it } from 'vitest';
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
