import {
  DEFAULT_LOTTERY_LIMITS,
  checkLotteryAmount,
  itemLines,
  itemMoney,
  parseLotteryNumbers,
  parseLotteryPosts,
  type LotteryBetType,
  type LotteryError,
  type LotteryLimits,
  type LotteryPost,
  type Riel,
  type SheetLayout,
} from '@lotto59/domain';
import type { LotteryLoad } from '@lotto59/contract';

/*
 * The live preview of one item (lottery.md §4), computed in the browser with the domain's own rules, so what
 * the player sees before confirming is what the server will charge: the expanded numbers, the lines, face,
 * discount and net. Nothing here retypes a rule.
 */

export interface ItemDraft {
  betType: LotteryBetType;
  posts: readonly string[];
  numbers: string;
  permute: boolean;
  /** As typed: separators and Khmer digits allowed. */
  amount: string;
}

export interface ItemPreview {
  betType: LotteryBetType;
  posts: LotteryPost[];
  numbers: string[];
  permute: boolean;
  amount: Riel;
  lines: number;
  face: Riel;
  discount: Riel;
  net: Riel;
}

export type PreviewResult = { ok: true; value: ItemPreview } | { ok: false; error: LotteryError };

const KHMER_ZERO = 0x17e0;

/** `1,000`, `1 000`, `១០០០` → 1000; anything else that is not a whole number → NaN (refused as invalid). */
export function parseAmountText(text: string): number {
  const latin = text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
  const plain = latin.replace(/[\s,]/g, '');
  return /^\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/** The server's limits of `ticket/load`, in the domain's shape (the exposure cap is the server's alone). */
export function limitsOf(load: LotteryLoad): LotteryLimits {
  return {
    minAmount: load.limits.min_amount,
    maxAmount: load.limits.max_amount,
    maxFacePerNumber: DEFAULT_LOTTERY_LIMITS.maxFacePerNumber,
    maxNumbersPerItem: load.limits.max_numbers_per_item,
    maxItemsPerTicket: load.limits.max_items,
  };
}

/** The first refusal in the order the player fills the form: posts, numbers, amount. */
export function previewItem(
  draft: ItemDraft,
  context: { layout: SheetLayout; rate: number; limits: LotteryLimits },
): PreviewResult {
  const posts = parseLotteryPosts(context.layout, draft.posts);
  if (!posts.ok) return posts;
  const numbers = parseLotteryNumbers({
    text: draft.numbers,
    betType: draft.betType,
    permute: draft.permute,
    maxNumbers: context.limits.maxNumbersPerItem[draft.betType],
  });
  if (!numbers.ok) return numbers;
  const amount = checkLotteryAmount(parseAmountText(draft.amount), draft.betType, context.limits);
  if (!amount.ok) return amount;
  const lines = itemLines(context.layout, draft.betType, posts.value);
  const money = itemMoney({
    amount: amount.value,
    numberCount: numbers.value.length,
    lines,
    rate: context.rate,
  });
  return {
    ok: true,
    value: {
      betType: draft.betType,
      posts: posts.value,
      numbers: numbers.value,
      permute: draft.permute,
      amount: amount.value,
      ...money,
    },
  };
}
