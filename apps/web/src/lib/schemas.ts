import type * as ContractSchemas from './contract-schemas';
import type { ResponseParser } from './http-client';

type Schemas = typeof ContractSchemas;

const load = (): Promise<Schemas> => import('./contract-schemas');

/**
 * A response schema of the contract, loaded on first use (docs/decisions/0006):
 * `http.get('/api/user', { schema: lazySchema((s) => s.userDetailSchema) })`.
 */
export function lazySchema<T>(
  pick: (schemas: Schemas) => ResponseParser<T>,
): () => Promise<ResponseParser<T>> {
  return async () => pick(await load());
}

/** Starts loading the schemas while the player is still typing, so the answer is not kept waiting. */
export function preloadSchemas(): void {
  void load();
}
