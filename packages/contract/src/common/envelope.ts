// The contract uses zod/mini: the same schemas validate requests on the server and answers in the
// browser, and the mini build keeps the web app's start-up bundle small.
import { z } from 'zod/mini';

/** Every success body is `{ "data": … }` (seed §7: the client unwraps `data`). */
export const envelope = <T extends z.ZodMiniType>(data: T) => z.object({ data });

export const okBodySchema = z.object({ success: z.literal(true) });

/** Page query of every paged list: 1-based `page`, `per_page` capped so no call reads without limit. */
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 20;
export const pageQuerySchema = {
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1),
  per_page: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.minimum(1),
        z.maximum(PER_PAGE_MAX, `The per page must not be greater than ${PER_PAGE_MAX}.`),
      ),
    PER_PAGE_DEFAULT,
  ),
};

export const pageMetaSchema = z.object({
  current_page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  total: z.number().check(z.int()),
  last_page: z.number().check(z.int()),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * The dates a filter may name. Every route that takes a date takes it through `localDateSchema`, so one
 * bound covers them all: far dates (`9999-12-31`) once reached the day arithmetic and ended in a 500, and
 * no record of this product is older than 2000 or newer than 2100.
 */
export const LOCAL_DATE_MIN = '2000-01-01';
export const LOCAL_DATE_MAX = '2100-12-31';

const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `YYYY-MM-DD` in the operator's time zone, between `LOCAL_DATE_MIN` and `LOCAL_DATE_MAX` (422 otherwise).
 * Fixed-width dates compare as text, so the bound needs no calendar; whether the day exists (`02-30`) is
 * checked where the range is built (`http/list-query.ts`).
 */
export const localDateSchema = z.string().check(
  z.regex(LOCAL_DATE_PATTERN, 'The date must be YYYY-MM-DD.'),
  z.refine(
    // A value of the wrong form already has its message; only well-formed dates are bounded.
    (value) => !LOCAL_DATE_PATTERN.test(value) || (value >= LOCAL_DATE_MIN && value <= LOCAL_DATE_MAX),
    `The date must be between ${LOCAL_DATE_MIN} and ${LOCAL_DATE_MAX}.`,
  ),
);
