import { Languages } from 'lucide-react';
import { setLanguage, useTranslation, type Language } from '@/lib/i18n';

const LANGUAGE_NAME_KEY = { km: 'language.km', en: 'language.en' } as const;
const LANGUAGE_SHORT_KEY = { km: 'language.kmShort', en: 'language.enShort' } as const;

/**
 * Khmer ⇄ English. Names each language in itself, so a player who cannot read the current one still finds
 * theirs. `compact` shows the other language's short name beside the icon; `iconOnly` just the icon (its
 * accessible name stays the language's full name). Callers add padding and alignment.
 */
export function LanguageSwitch({
  className = '',
  compact = false,
  iconOnly = false,
}: {
  className?: string;
  compact?: boolean;
  iconOnly?: boolean;
}) {
  const { t, language } = useTranslation();
  const other: Language = language === 'km' ? 'en' : 'km';
  const name = t(LANGUAGE_NAME_KEY[other]);
  return (
    <button
      type="button"
      lang={other}
      onClick={() => void setLanguage(other)}
      aria-label={name}
      title={t('language.switch')}
      className={`inline-flex items-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${className}`}
    >
      <Languages aria-hidden="true" className="size-5 shrink-0" />
      {!iconOnly && (
        <span className={compact ? 'text-xs' : ''}>
          {t(compact ? LANGUAGE_SHORT_KEY[other] : LANGUAGE_NAME_KEY[other])}
        </span>
      )}
    </button>
  );
}
