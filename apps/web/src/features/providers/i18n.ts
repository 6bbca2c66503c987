import { createTranslations, type KeysOf, type TFunctionOf } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/**
 * The provider games' texts (slots, casino, sport, their reports): Khmer first, English second. They travel
 * with these lazy screens, not with the start-up bundle (docs/decisions/0006).
 */
export const { useTranslation: useProviderTranslation } = createTranslations({ km, en });
export type ProviderKey = KeysOf<typeof km>;
export type ProviderT = TFunctionOf<ProviderKey>;

/**
 * A fishing game's name with its wallet mode (issue 26, item 9): the lobby offers the same game twice, once on
 * money moved into it (provider 4) and once on the main balance (provider 5), and each must be told apart
 * wherever it is named (the lobby's cards, the play screen's frame).
 */
export function fishingGameName(provider: 4 | 5, t: ProviderT): string {
  const name = t('games.ocean-dragon');
  return provider === 4 ? t('fishing.nameTransfer', { name }) : t('fishing.nameSeamless', { name });
}

/** A game's name in the current language, by its code (the server's names are English). */
export function gameName(code: string, t: ProviderT): string {
  switch (code) {
    case 'angkor-fortune':
      return t('games.angkor-fortune');
    case 'baccarat':
      return t('games.baccarat');
    case 'demo-league':
      return t('games.demo-league');
    case 'ocean-dragon':
      return t('games.ocean-dragon');
    default:
      return t('games.unknown');
  }
}
