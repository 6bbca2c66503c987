import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { AuthService } from '../auth/auth.service';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PlayersService } from '../players/players.service';
import type { StakeBatchWriter, WalletService } from '../wallet/wallet.public';
import { publishedReturns, slotGames } from './providers.catalog';
import { loadProviderSecrets, rotateProviderSecret } from './provider-secrets';
import type { ProviderCode } from './providers.table';
import { ProviderLaunchService } from './provider-launch.service';
import { ProviderTokens } from './provider-tokens.service';
import { SeamlessWalletService } from './seamless-wallet.service';

export type Providers = ReturnType<typeof createProviders>;

/** The provider-games module, built once by the composition root (services.ts). */
export function createProviders(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  appKey: string;
  wallet: WalletService;
  stakeBatches: Pick<StakeBatchWriter, 'run'>;
  auth: AuthService;
  players: PlayersService;
  maintenance: MaintenanceService;
}) {
  const { config, db, clock } = deps;
  const secrets = loadProviderSecrets(config);
  const tokens = new ProviderTokens(db, clock, deps.appKey);
  const seamless = new SeamlessWalletService({
    db,
    clock,
    wallet: deps.wallet,
    writes: deps.stakeBatches,
    tokens,
    auth: deps.auth,
    players: deps.players,
    maintenance: deps.maintenance,
    secrets,
    maxBet: config.PROVIDER_MAX_BET,
  });
  const launch = new ProviderLaunchService(tokens, {
    demoUrl: config.PROVIDER_DEMO_URL,
    slotGames: slotGames(config),
  });
  return {
    secrets,
    tokens,
    seamless,
    launch,
    /** The demo games' published returns (configuration and exact figures), for the operator. */
    publishedReturns: () => publishedReturns(config),
    /** A new secret for one provider (operator command line); see rotateProviderSecret. */
    rotateSecret: (code: ProviderCode) => rotateProviderSecret(config, code),
  };
}
