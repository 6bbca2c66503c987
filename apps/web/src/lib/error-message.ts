import { isHttpError } from './http-client';
import type { TFunction } from './i18n';

/**
 * What a failed call says to the player, in the player's language, from the error's stable `code` (the
 * `errorCodes` table of the locales, one message per code of the contract and of the HTTP client). The
 * server's English `message` is for logs and operators, never shown. Anything without a code is the generic
 * "an error occurred" of seed §8.
 */
export function errorMessageOf(error: unknown, t: TFunction): string {
  if (isHttpError(error) && error.code !== null) return t(`errorCodes.${error.code}`);
  return t('errors.generic');
}
