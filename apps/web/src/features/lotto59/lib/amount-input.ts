import { formatThousands, parseAmount } from '@lotto59/domain';

const KHMER_ZERO = 0x17e0; // ០; ១…៩ follow in order.

/**
 * An amount as the player types it, shown with thousands separators at once (`150000` → `150,000`; Khmer
 * digits become Latin ones). Anything that is not digits and separators is left as typed, so the board can
 * say "invalid amount" about what the player actually wrote.
 */
export function formatAmountInput(text: string): string {
  const latin = text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
  // Only commas and spaces are read as separators here: `12.5` stays as typed, to be called invalid.
  if (!/^[\d,\s]*$/.test(latin)) return text;
  const digits = latin.replace(/\D/g, '');
  if (digits === '') return '';
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  // Beyond the safe integers the figure is a typing accident: keep it as typed for the error message.
  return trimmed.length > 15 ? trimmed : formatThousands(Number(trimmed));
}

/** The amount doubled (the "×2" button), or null when the field holds no valid amount. */
export function doubledAmount(text: string): string | null {
  const amount = parseAmount(text);
  return amount.ok ? formatThousands(amount.value * 2) : null;
}
