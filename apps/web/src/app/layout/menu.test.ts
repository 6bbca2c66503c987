import { describe, expect, it } from 'vitest';
import { MENU } from './menu';

describe('the side menu', () => {
  it('gives every link its own icon: on the narrow rail the icon is all there is to tell them apart', () => {
    const links = MENU.flatMap((group) => group.links);
    const icons = new Set(links.map((link) => link.icon));
    expect(icons.size).toBe(links.length);
  });
});
