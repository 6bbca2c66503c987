import type { Pool } from '@lotto59/domain';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { PlayersService } from '../../players/players.service';
import * as repo from './pools.repository';

/**
 * The stream a player watches and bets on (`/api/poll`), with the seed §4 rules: fast game play means
 * POLL_2 unless chosen otherwise, and POLL_1 is never the pool of a player whose setting disables it.
 */
export class PoolsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly players: PlayersService,
  ) {}

  async poolOf(playerId: number): Promise<Pool> {
    const [chosen, player] = await Promise.all([
      repo.findPlayerPool(this.db, playerId),
      this.players.byId(playerId),
    ]);
    const poll1Enabled = player.enabled_poll_1 === 1;
    if (chosen === 'POLL_1' && !poll1Enabled) return 'POLL_2';
    if (chosen) return chosen;
    return player.enable_fast_game_play === 1 || !poll1Enabled ? 'POLL_2' : 'POLL_1';
  }

  async setPool(playerId: number, poll: Pool): Promise<Pool> {
    if (poll === 'POLL_1') {
      const player = await this.players.byId(playerId);
      if (player.enabled_poll_1 !== 1) throw new AppError('POOL_NOT_ENABLED');
    }
    await repo.savePlayerPool(this.db, playerId, poll, this.clock.nowMs());
    return poll;
  }
}
