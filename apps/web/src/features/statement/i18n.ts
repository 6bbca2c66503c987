import { createTranslations } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/**
 * The statement screen's own texts: Khmer first, English second. They travel with the lazy
 * `/transaction/statement` screen, not with the start-up bundle that `/login` loads (docs/decisions/0006).
 */
export const { useTranslation: useStatementTranslation } = createTranslations({ km, en });
export type StatementT = ReturnType<typeof useStatementTranslation>['t'];
