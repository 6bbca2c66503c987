// The providers module's public surface (what other modules, the composition root and the operator
// command line use). The embedded demo provider is given its secrets through `loadProviderSecrets`: it
// signs with the same ones, and reaches the wallet only over signed HTTP (providers.md §1).

export { createProviders, type Providers } from './providers.module';
export {
  fingerprint,
  loadProviderSecrets,
  rotateProviderSecret,
  SECRETS_FILE,
  type ProviderSecret,
} from './provider-secrets';
export { signBody, verifySignature, SIGNATURE_WINDOW_MS } from './provider-signing';
export { PROVIDER_CODES, PROVIDERS, isProviderCode, publishedReturns } from './providers.catalog';
export { providersRoutes } from './providers.routes';
export type { ProviderCode } from './providers.table';
export type { PlayerFacts } from './player-facts';
