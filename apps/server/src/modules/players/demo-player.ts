import { riel } from '@lotto59/domain';
import type { CashierService } from '../wallet/wallet.public';
import { PLAYER_FLAGS, type PlayerFlag, type PlayersService } from './players.service';

/**
 * The demo player shows every product (issue 26, item 2: with the lottery flag off, nobody trying the app
 * could find the ticket lottery): every flag that opens something is on. `disabled` is the operator's
 * switch that closes the games, so it is not one of them.
 */
const DEMO_FLAGS = {
  enableLottery: true,
  enableFastGamePlay: true,
  'setting.enabled_poll_1': true,
} as const satisfies Partial<Record<PlayerFlag, boolean>>;

/**
 * Embedded mode's demo player (decisions §9): created on first start with its starting balance
 * deposited once (an idempotent deposit, so restarts never add money), and its flags on at every start
 * (a data directory from before issue 26 gets them too).
 */
export async function ensureDemoPlayer(
  deps: { players: PlayersService; cashier: CashierService },
  demo: { username: string; password: string; balance: number },
): Promise<{ id: number; created: boolean }> {
  const existing = await deps.players.findByUsername(demo.username);
  const player =
    existing ??
    (await deps.players.create({ username: demo.username, password: demo.password, isDemo: true }));
  // Written (and audited) only when one is off, not on every start.
  const flags = Object.keys(DEMO_FLAGS) as (keyof typeof DEMO_FLAGS)[];
  if (flags.some((flag) => player[PLAYER_FLAGS[flag]] !== 1))
    await deps.players.setFlags(player.id, DEMO_FLAGS);
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
