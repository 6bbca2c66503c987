import { formatDateTime } from '@lotto59/domain';
import { useTranslation, type Language } from './i18n';

/**
 * The seed's `DD-MM-YYYY hh:mm A` in the player's language. `A` is the day period in the language of the
 * interface, as the original client's date library wrote it: `AM`/`PM` in English, ព្រឹក (morning) and ល្ងាច
 * (afternoon, evening) in Khmer, so no Latin word shows in the Khmer interface.
 */
const DAY_PERIOD: Record<Language, Record<'AM' | 'PM', string>> = {
  en: { AM: 'AM', PM: 'PM' },
  km: { AM: 'ព្រឹក', PM: 'ល្ងាច' },
};

export function formatDateTimeIn(language: Language, at: Date | number | string): string {
  return formatDateTime(at).replace(
    / (AM|PM)$/,
    (_whole, period: 'AM' | 'PM') => ` ${DAY_PERIOD[language][period]}`,
  );
}

/** `formatDateTimeIn` for the current language, re-rendering when it changes. */
export function useFormatDateTime(): (at: Date | number | string) => string {
  const { language } = useTranslation();
  return (at) => formatDateTimeIn(language, at);
}
