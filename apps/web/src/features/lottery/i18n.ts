import { createTranslations, type KeysOf, type TFunctionOf } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/** The lottery screens' texts: Khmer first, English second, loaded with these screens (docs/decisions/0006). */
export const { useTranslation: useLotteryTranslation, t: lotteryT } = createTranslations({ km, en });
export type LotteryKey = KeysOf<typeof km>;
export type LotteryT = TFunctionOf<LotteryKey>;
