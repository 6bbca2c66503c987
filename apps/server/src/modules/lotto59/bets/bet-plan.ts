import { createHash } from 'node:crypto';
import { BETS_PER_SUBMISSION_MAX, type PlaceBetRequest, type PlaceJackpotRequest } from '@lotto59/contract';
import {
  BET_MESSAGES,
  parseNumberList,
  validateJackpotLine,
  type BetType,
  type NumberListError,
  type Pool,
  riel,
  type Post,
  type Riel,
} from '@lotto59/domain';
import { AppError, validationError } from '../../../errors/app-error';
import type { BetGroupKind } from '../lotto59.table';
import type { Lotto59Settings } from '../lotto59.settings';

/** One bet row to write: a NUMBER item has become one row per (post, number). */
export interface PlannedBet {
  type: BetType;
  post: Post | null;
  number: number | null;
  /** Jackpot line, ascending. */
  line: number[] | null;
  amount: Riel;
  /** The rate of the type now, stored with the bet and paid at settlement (decision 0043); null for JACKPOT. */
  rateHundredths: number | null;
}

/** A validated submission: what to write, what to debit, and the fingerprint of the request. */
export interface BetPlan {
  kind: BetGroupKind;
  poll: Pool;
  roundId: number;
  bets: PlannedBet[];
  totalRiel: Riel;
  requestHash: string;
}

const NUMBER_LIST_MESSAGES: Record<NumberListError, string> = {
  EMPTY: 'Enter at least one number.',
  NOT_A_NUMBER: 'The numbers must be like "5, 10-15, 59".',
  OUT_OF_RANGE: 'The numbers must be between 1 and 59.',
  BAD_RANGE: 'A range must go from the smaller number to the larger one.',
};

/**
 * Turns `POST /api/bet` into rows. Shape errors answer 422 VALIDATION_FAILED per field; amount limits
 * answer the exact seed §5 messages. Pure: no clock, no database.
 */
export function planBets(body: PlaceBetRequest, s: Lotto59Settings): BetPlan {
  const bets: PlannedBet[] = [];
  const errors: Record<string, string[]> = {};
  body.bets.forEach((item, i) => {
    if (item.type !== 'NUMBER') {
      bets.push({
        type: item.type,
        post: null,
        number: null,
        line: null,
        amount: riel(item.amount),
        rateHundredths: s.rates[item.type],
      });
      return;
    }
    const numbers = numbersOf(item.numbers);
    if (!numbers.ok) {
      errors[`bets.${i}.numbers`] = [NUMBER_LIST_MESSAGES[numbers.error]];
      return;
    }
    for (const post of new Set(item.posts)) {
      for (const number of numbers.value)
        bets.push({
          type: 'NUMBER',
          post,
          number,
          line: null,
          amount: riel(item.amount),
          rateHundredths: s.rates.NUMBER,
        });
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (bets.length > BETS_PER_SUBMISSION_MAX) {
    throw validationError({ bets: [`One submission holds at most ${BETS_PER_SUBMISSION_MAX} bets.`] });
  }
  for (const bet of bets) assertAmountWithinLimits(bet.amount, s);
  return {
    kind: 'BET',
    poll: body.poll,
    roundId: body.result_id,
    bets,
    totalRiel: sum(bets),
    requestHash: fingerprint(['BET', body.poll, body.result_id, asRequested(bets)]),
  };
}

/** Turns `POST /api/bet/jackpot` into rows: each line a bet at the fixed jackpot stake. */
export function planJackpot(body: PlaceJackpotRequest, s: Lotto59Settings): BetPlan {
  const errors: Record<string, string[]> = {};
  const bets: PlannedBet[] = [];
  body.lines.forEach((line, i) => {
    const valid = validateJackpotLine(line);
    if (!valid.ok) {
      errors[`lines.${i}`] = ['A jackpot line has 5 different numbers from 1 to 59.'];
      return;
    }
    bets.push({
      type: 'JACKPOT',
      post: null,
      number: null,
      line: valid.value,
      amount: riel(s.jackpot.stakeRiel),
      rateHundredths: null,
    });
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (bets.length > s.jackpot.linesPerPlayerRoundMax) throw jackpotOverLimit(s);
  return {
    kind: 'JACKPOT',
    poll: body.poll,
    roundId: body.result_id,
    bets,
    totalRiel: sum(bets),
    requestHash: fingerprint(['JACKPOT', body.poll, body.result_id, asRequested(bets)]),
  };
}

export function jackpotOverLimit(s: Lotto59Settings): AppError {
  const limit = s.jackpot.linesPerPlayerRoundMax;
  return new AppError('JACKPOT_LINE_LIMIT', BET_MESSAGES.jackpotOverLimit(limit));
}

function assertAmountWithinLimits(amount: number, s: Lotto59Settings): void {
  if (amount < s.limits.minRiel) {
    throw new AppError('BET_AMOUNT_TOO_LOW', BET_MESSAGES.minAmount(s.limits.minRiel));
  }
  if (amount > s.limits.maxRiel) {
    throw new AppError('BET_AMOUNT_TOO_HIGH', BET_MESSAGES.maxAmount(s.limits.maxRiel));
  }
}

function numbersOf(value: string | number[]) {
  return parseNumberList(typeof value === 'string' ? value : value.join(','));
}

function sum(bets: readonly PlannedBet[]): Riel {
  return riel(bets.reduce((total, b) => total + b.amount, 0));
}

/**
 * What the player asked for, without the rate the server adds: a retry after a restart with other rates
 * is the same request (a replay of the first answer, at the rate it was sold at), not a reused key. The
 * fields stay in their order, so the fingerprints of submissions stored before decision 0043 still match.
 */
function asRequested(bets: readonly PlannedBet[]) {
  return bets.map(({ type, post, number, line, amount }) => ({ type, post, number, line, amount }));
}

/** Fingerprint of what a key was used for: the expanded rows, so equivalent spellings compare equal. */
function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** What responsible gaming counts a submission as: bets or jackpot lines, both a wager (spec §2). */
export function movementOf(plan: BetPlan): 'LOTTO59_BET' | 'LOTTO59_JACKPOT_LINE' {
  return plan.kind === 'JACKPOT' ? 'LOTTO59_JACKPOT_LINE' : 'LOTTO59_BET';
}
