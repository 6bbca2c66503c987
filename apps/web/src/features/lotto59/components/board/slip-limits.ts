import { formatRiel } from '@lotto59/domain';
import type { LottoT } from '../../i18n';

/**
 * Issue 11: the minimum, the maximum and the balance checked before the confirm, with the messages the
 * server's refusals map to (seed §5), so the player is told before, not after, confirming. The server still
 * judges: these are the same rules with the figures the board knows (the configuration, the top bar's
 * balance).
 */
export function limitMessage(
  slip: { amountRiel: number; totalRiel: number },
  limits: { minRiel: number; maxRiel: number },
  balanceRiel: number,
  t: LottoT,
): string | null {
  if (slip.amountRiel < limits.minRiel)
    return t('betErrors.minAmount', { amount: formatRiel(limits.minRiel) });
  if (slip.amountRiel > limits.maxRiel)
    return t('betErrors.maxAmount', { amount: formatRiel(limits.maxRiel) });
  if (slip.totalRiel > balanceRiel) return t('betErrors.notEnoughMoney');
  return null;
}
