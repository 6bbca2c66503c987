import type { RgGuard } from '../responsible-gaming/responsible-gaming.public';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Workers } from '../../db/leased-worker';
import type { Clock } from '../../platform/clock';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { StakeBatchWriter, WalletService } from '../wallet/wallet.public';
import { publishedReturns, slotGames } from './providers.catalog';
import { loadProviderSecrets, rotateProviderSecret } from './provider-secrets';
import type { PlayerFacts } from './player-facts';
import type { ProviderCode } from './providers.table';
import { ProviderLaunchService } from './launch/provider-launch.service';
import { ProviderTokens } from './launch/provider-tokens.service';
import { SeamlessWalletService } from './seamless-wallet/seamless-wallet.service';
import { FishingService } from './fishing/fishing.service';
import { FishingWorker } from './fishing/fishing-worker';
import { TransferClient } from './fishing/transfer-client';
import { TransferWallet, type TransferRow } from './fishing/transfer-wallet.service';

export type Providers = ReturnType<typeof createProviders>;

/** The provider-games module, built once by the composition root (services.ts). */
export function createProviders(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  appKey: string;
  wallet: WalletService;
  stakeBatches: Pick<StakeBatchWriter, 'run'>;
  /** The login session's liveness and the player's flag, read of the auth and players modules. */
  playerFacts: PlayerFacts;
  maintenance: MaintenanceService;
  /** The process's background workers: the fishing transfers' is one of them. */
  workers: Workers;
  /** Responsible gaming: stakes judged at their debit, launches refused during a break or exclusion. */
  rg: RgGuard;
  log?: FastifyBaseLogger | undefined;
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
    facts: deps.playerFacts,
    maintenance: deps.maintenance,
    secrets,
    maxBet: config.PROVIDER_MAX_BET,
    rg: deps.rg,
  });
  const launch = new ProviderLaunchService(
    tokens,
    { demoUrl: config.PROVIDER_DEMO_URL, slotGames: slotGames(config) },
    deps.rg,
  );
  // The transfer wallet of provider 4 (providers.md §4): the studio's transfer endpoints live under the
  // same base as its game pages; a path (embedded) is on this server's own listen address.
  let listenPort: number = config.PORT;
  const studioBase = () =>
    URL.canParse(config.PROVIDER_DEMO_URL)
      ? config.PROVIDER_DEMO_URL
      : `${config.WALLET_BASE_URL ?? `http://127.0.0.1:${listenPort}`}${config.PROVIDER_DEMO_URL}`;
  const secret4 = secrets.find((s) => s.code === '4')?.secret ?? null;
  const transferClient = new TransferClient({
    baseUrl: studioBase,
    provider: '4',
    // Without a secret for provider 4 every call is refused by the studio: transfers end FAILED, no money moves.
    secretHex: secret4 ?? '0'.repeat(64),
    nowMs: () => clock.nowMs(),
    timeoutMs: config.PROVIDER_TRANSFER_TIMEOUT_MS,
    loseAnswersForMs: config.TRANSFER_FAULT_LOSE_ANSWERS_MS,
  });
  const parkedListeners: ((row: TransferRow) => void)[] = [];
  const transfers = new TransferWallet({
    db,
    clock,
    wallet: deps.wallet,
    writes: deps.stakeBatches,
    client: transferClient,
    tokens,
    callTimeoutMs: config.PROVIDER_TRANSFER_TIMEOUT_MS,
    rg: deps.rg,
    alerts: {
      parked: (row) => {
        deps.log?.error(
          { transfer: row.id, player: row.player_id, direction: row.direction, amount: row.amount },
          'provider transfer unresolved after 24 h: resolve it with `ops providers transfer resolve`',
        );
        for (const listener of parkedListeners) listener(row);
      },
    },
    crashAfterLedger:
      config.TRANSFER_FAULT === 'kill-after-ledger' ? () => process.kill(process.pid, 'SIGKILL') : undefined,
  });
  const fishing = new FishingService({
    db,
    clock,
    wallet: deps.wallet,
    tokens,
    facts: deps.playerFacts,
    transfers,
    client: transferClient,
    demoUrl: config.PROVIDER_DEMO_URL,
    idleMs: config.FISHING_IDLE_MINUTES * 60_000,
    rg: deps.rg,
  });
  const fishingJob = new FishingWorker(transfers, fishing);
  const fishingWorker = deps.workers.add({
    name: 'fishing-transfers',
    // Status queries back off from 1 s: a pass a second is fine-grained enough.
    everyMs: 1_000,
    pass: () => fishingJob.pass(),
  });
  return {
    secrets,
    transfers,
    fishing,
    fishingWorker,
    /** The transfer wallet's 24-hour alert, also counted as a metric (app-metrics.ts). */
    onTransferParked: (listener: (row: TransferRow) => void) => parkedListeners.push(listener),
    /** The port this server listens on, once known (PORT=0): the embedded studio's transfer endpoints. */
    setListenPort: (port: number) => {
      listenPort = port;
    },
    tokens,
    seamless,
    launch,
    /** The demo games' published returns (configuration and exact figures), for the operator. */
    publishedReturns: () => publishedReturns(config),
    /** A new secret for one provider (operator command line); see rotateProviderSecret. */
    rotateSecret: (code: ProviderCode) => rotateProviderSecret(config, code),
  };
}
