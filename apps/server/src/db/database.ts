import type { Kysely, Transaction } from 'kysely';
import type { AnalyticsEventsTable } from '../modules/analytics/analytics.table';
import type { AuditTable } from '../modules/audit/audit.table';
import type { ClusterProcessesTable } from '../modules/cluster/cluster.table';
import type {
  BetGroupsTable,
  BetsTable,
  JackpotWinnersTable,
  PlayerPoolsTable,
  RoundsTable,
} from '../modules/lotto59/lotto59.table';
import type {
  LotteryDrawsTable,
  LotteryExposureTable,
  LotteryItemsTable,
  LotteryItemWinsTable,
  LotteryTicketsTable,
} from '../modules/lottery/lottery.table';
import type { LoginThrottleTable, SessionsTable } from '../modules/auth/auth.table';
import type { PushSubscriptionsTable } from '../modules/push/push.table';
import type { SettingsTable } from '../modules/settings/settings.table';
import type { PlayersTable } from '../modules/players/players.table';
import type { RgPendingTable, RgPlayersTable } from '../modules/responsible-gaming/rg.table';
import type {
  ProviderRoundsTable,
  ProviderTokensTable,
  ProviderTransactionsTable,
} from '../modules/providers/providers.table';
import type { AccountsTable, TransfersTable } from '../modules/wallet/wallet.table';
import type { LedgerSealsTable } from '../modules/ledger/ledger.table';
import type { FavouriteNumbersTable } from '../modules/players/favourites/favourites.table';
import type { FishingSessionsTable, ProviderTransferTable } from '../modules/providers/fishing/fishing.table';

/** Every table of the database. Timestamps are epoch milliseconds (`*_ms`), money is whole riel. */
export interface Database {
  players: PlayersTable;
  accounts: AccountsTable;
  transfers: TransfersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  audit_events: AuditTable;
  settings: SettingsTable;
  analytics_events: AnalyticsEventsTable;
  lotto59_rounds: RoundsTable;
  lotto59_bet_groups: BetGroupsTable;
  lotto59_bets: BetsTable;
  lotto59_player_pools: PlayerPoolsTable;
  lotto59_jackpot_winners: JackpotWinnersTable;
  provider_tokens: ProviderTokensTable;
  provider_transactions: ProviderTransactionsTable;
  provider_rounds: ProviderRoundsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_tickets: LotteryTicketsTable;
  lottery_items: LotteryItemsTable;
  lottery_item_wins: LotteryItemWinsTable;
  lottery_exposure: LotteryExposureTable;
  provider_transfer: ProviderTransferTable;
  fishing_sessions: FishingSessionsTable;
  cluster_processes: ClusterProcessesTable;
  push_subscriptions: PushSubscriptionsTable;
  ledger_seals: LedgerSealsTable;
  favourite_numbers: FavouriteNumbersTable;
  rg_players: RgPlayersTable;
  rg_pending: RgPendingTable;
}

export type Db = Kysely<Database>;
/** A repository function takes `Executor` so it runs alone or inside a caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
