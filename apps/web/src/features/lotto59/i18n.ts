import { createTranslations, type TFunctionOf, type KeysOf } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/**
 * The lotto 59 screens' texts: Khmer first, English second. They travel with these screens' code, not with
 * the start-up bundle (docs/decisions/0006).
 */
export const { useTranslation: useLottoTranslation, t: lottoT } = createTranslations({ km, en });
export type LottoKey = KeysOf<typeof km>;
export type LottoT = TFunctionOf<LottoKey>;
