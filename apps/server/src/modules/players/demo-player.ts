import { riel } from '@lotto59/domain';
import type { CashierService } from '../wallet/wallet.public';
import type { PlayersService } from './players.service';

/**
 * Embedded mode's demo player (decisions §9): created on first start with its starting balance
 * deposited once (an idempotent deposit, so restarts never add money).
 */
export async function ensureDemoPlayer(
  deps: { players: PlayersService; cashier: CashierService },
  demo: { username: string; password: string; balance: number },
): Promise<{ id: number; created: boolean }> {
  const existing = await deps.players.findByUsername(demo.username);
  const player =
    existing ??
    (await deps.players.create({ username: demo.username, password: demo.password, isDemo: true }));
  if (demo.balance > 0) {
    await deps.cashier.deposit({
      playerId: player.id,
      amount: riel(demo.balance),
      idempotencyKey: `demo-starting-balance:${player.id}`,
      note: 'demo starting balance',
    });
  }
  return { id: player.id, created: !existing };
}
