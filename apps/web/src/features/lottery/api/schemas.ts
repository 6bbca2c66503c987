import type { ResponseParser } from '@/lib/http-client';
import type * as ProvisionalSchemas from './provisional-schemas';

type Schemas = typeof ProvisionalSchemas;

/** A schema of `provisional-schemas.ts`, loaded with zod on first use (docs/decisions/0006), like `lazySchema`. */
export function lotterySchema<T>(pick: (schemas: Schemas) => ResponseParser<T>) {
  return async (): Promise<ResponseParser<T>> => pick(await import('./provisional-schemas'));
}
