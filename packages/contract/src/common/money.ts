import { z } from 'zod/mini';
import { RIEL_MAX, RIEL_MIN } from '@lotto59/domain';

/*
 * The one bound of every money field of the contract (docs/decisions/0043): whole riel between the
 * domain's RIEL_MIN and RIEL_MAX. JSON numbers reach 2^53 − 1, the domain's riel stops at 10^15 (so that
 * sums of amounts stay exact), and an amount between the two got past the schema and made `riel()` throw
 * inside a handler: a 500 instead of a refusal. Bounded here, such an amount is refused where every other
 * malformed field is: 422 with the field named on the player API, `RS_ERROR_UNKNOWN` on the wallet protocol.
 * Answers use the same schema: what the server sends back is what the domain holds.
 */

export const RIEL_RANGE_MESSAGE = `The amount must be between ${RIEL_MIN} and ${RIEL_MAX} riel.`;

const rielRange = [z.minimum(RIEL_MIN, RIEL_RANGE_MESSAGE), z.maximum(RIEL_MAX, RIEL_RANGE_MESSAGE)] as const;

/** A whole amount of riel the domain can hold (signed: a loss, a `win_lose`, a refused negative stake). */
export const rielSchema = z.number().check(z.int(), ...rielRange);

/**
 * Only the range, for a request amount whose other refusals are a game's own rule with its own code (the
 * ticket lottery answers `INVALID_AMOUNT` for a fraction, lottery.md §5): past the range it is still 422.
 */
export const rielRangeSchema = z.number().check(...rielRange);
