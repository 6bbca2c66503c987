import type { ResponseParser } from '@/lib/http-client';
import type * as LotterySchemas from './contract-schemas';

type Schemas = typeof LotterySchemas;

/** A lottery schema of the contract, loaded with zod on first use (docs/decisions/0006), like `lazySchema`. */
export function lotterySchema<T>(pick: (schemas: Schemas) => ResponseParser<T>) {
  return async (): Promise<ResponseParser<T>> => pick(await import('./contract-schemas'));
}
