import { type Riel } from '@lotto59/domain';
import type { UserDetail } from '@lotto59/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/db-errors';
import { AppError, validationError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { AuditService } from '../audit/audit.service';
import type { PasswordHasher } from '../../platform/password-hasher';
import type { WalletService } from '../wallet/wallet.public';
import * as repo from './players.repository';

/** The flags an operator can set on a player (seed §3 names). */
export const PLAYER_FLAGS = {
  enableLottery: 'enable_lottery',
  enableFastGamePlay: 'enable_fast_game_play',
  'setting.enabled_poll_1': 'enabled_poll_1',
  /** Not a seed name: the operator's switch that closes the provider games (RS_ERROR_USER_DISABLED). */
  disabled: 'disabled',
} as const satisfies Record<string, keyof repo.PlayerFlagColumns>;
export type PlayerFlag = keyof typeof PLAYER_FLAGS;

export type Player = NonNullable<Awaited<ReturnType<typeof repo.findPlayerById>>>;

/** Players: created by the operator (no self sign-up), with their wallet opened in the same transaction. */
export class PlayersService {
  /**
   * Whether the player has money in flight to or from a game (the transfer wallet, providers.md §4). The
   * providers module owns that fact; the composition root (services.ts) plugs it in, since the providers
   * module is built after this one.
   */
  private loadingSource: (playerId: number) => Promise<boolean> = async () => false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
  ) {}

  async create(input: { username: string; password: string; isDemo?: boolean }): Promise<Player> {
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const playerId = await repo.insertPlayer(trx, {
          username: input.username,
          passwordHash,
          isDemo: input.isDemo ?? false,
          nowMs: this.clock.nowMs(),
        });
        await this.wallet.openPlayerAccount(trx, playerId);
        await this.audit.record(
          { kind: 'player_created', playerId, detail: { username: input.username } },
          trx,
        );
        return playerId;
      });
      return await this.byId(id);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw validationError({ username: ['The username has already been taken.'] });
      }
      throw error;
    }
  }

  async byId(id: number): Promise<Player> {
    const player = await repo.findPlayerById(this.db, id);
    if (!player) throw new AppError('NOT_FOUND', 'Player not found.');
    return player;
  }

  findByUsername(username: string): Promise<Player | undefined> {
    return repo.findPlayerByUsername(this.db, username);
  }

  async byUsername(username: string): Promise<Player> {
    const player = await this.findByUsername(username);
    if (!player) throw new AppError('NOT_FOUND', `No player named "${username}".`);
    return player;
  }

  async setFlags(playerId: number, flags: Partial<Record<PlayerFlag, boolean>>): Promise<Player> {
    const columns: Partial<repo.PlayerFlagColumns> = {};
    for (const [flag, value] of Object.entries(flags) as [PlayerFlag, boolean][]) {
      columns[PLAYER_FLAGS[flag]] = value ? 1 : 0;
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.updatePlayerFlags(trx, playerId, columns, this.clock.nowMs());
      await this.audit.record({ kind: 'player_flags_changed', playerId, detail: flags }, trx);
    });
    return this.byId(playerId);
  }

  async setPasswordHash(playerId: number, hash: string, ex: Parameters<typeof repo.updatePasswordHash>[0]) {
    await repo.updatePasswordHash(ex, playerId, hash, this.clock.nowMs());
  }

  /** The user detail of seed §3; the balance comes from the ledger. */
  async userDetail(playerId: number): Promise<UserDetail> {
    const [player, balance, loading] = await Promise.all([
      this.byId(playerId),
      this.wallet.playerBalance(playerId),
      this.loadingSource(playerId),
    ]);
    return toUserDetail({ ...player, is_loading: loading ? 1 : player.is_loading }, balance);
  }

  /** See `loadingSource`. */
  useLoadingSource(source: (playerId: number) => Promise<boolean>): void {
    this.loadingSource = source;
  }
}

export function toUserDetail(player: Player, balance: Riel): UserDetail {
  return {
    auth: { id: player.id, username: player.username },
    balance,
    setting: { enabled_poll_1: player.enabled_poll_1 === 1 },
    enableFastGamePlay: player.enable_fast_game_play === 1,
    is_loading: player.is_loading,
    enableLottery: player.enable_lottery === 1,
  };
}
