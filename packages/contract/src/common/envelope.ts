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

/** `YYYY-MM-DD` in the operator's time zone. */
export const localDateSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.'));
