import { z } from 'zod';

/** Every success body is `{ "data": … }` (seed §7: the client unwraps `data`). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const okBodySchema = z.object({ success: z.literal(true) });

/** Page query of every paged list: 1-based `page`, `per_page` capped so no call reads without limit. */
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 20;
export const pageQuerySchema = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
};

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `YYYY-MM-DD` in the operator's time zone. */
export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.');
