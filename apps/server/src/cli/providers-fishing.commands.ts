import { InvalidArgumentError, type Command } from 'commander';
import type { Services } from '../services';

type Out = (line: string) => void;

function parseSessionId(value: string): number {
  const id = Number(value);
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw new InvalidArgumentError('the session id is a positive whole number.');
}

/**
 * `ops providers fishing list|close` (decision 0041): the way out for a fishing session that nothing else will
 * move — open (OPENING, CLOSING, UNKNOWN, or ACTIVE for a player the operator wants out of the game) while
 * every transfer of it is final. `close` puts it where its money is (never opened: FAILED; brought back:
 * CLOSED; still in the game: withdrawn as the player's close does), audited in the same transaction.
 */
export function registerFishingCommands(providers: Command, services: () => Promise<Services>, out: Out) {
  const fishing = providers
    .command('fishing')
    .description('fishing sessions (providers 4 and 5) left open with their transfers final');

  fishing
    .command('list')
    .description('open sessions that are not ACTIVE while no transfer of theirs is in flight')
    .action(async () => {
      const s = await services();
      const stuck = await s.providers.fishing.stuckSessions();
      if (stuck.length === 0) out('nothing stuck: every open session is ACTIVE or has a transfer in flight');
      for (const row of stuck) {
        out(
          `${row.id}  provider=${row.provider} player=${row.player_id} state=${row.state}` +
            ` in=${row.transfer_in} out=${row.transfer_out} since=${new Date(row.started_at_ms).toISOString()}`,
        );
      }
    });

  fishing
    .command('close')
    .description(
      'close one open session whose transfers are final (audited): FAILED if it never opened, CLOSED if its ' +
        'money came back, else its money withdrawn from the game',
    )
    .argument('<session>', 'the session id (`list`, or the fishing report)', parseSessionId)
    .option('--operator <name>', 'who decided (the audit log)', process.env.USER ?? 'operator')
    .action(async (sessionId: number, options: { operator: string }) => {
      const s = await services();
      const closed = await s.providers.fishing.closeByOperator(sessionId, (trx, change) =>
        s.audit.record(
          {
            kind: 'fishing_session_closed',
            playerId: change.session.player_id,
            detail: {
              session: sessionId,
              provider: change.session.provider,
              from: change.session.state,
              to: change.to,
              operator: options.operator,
            },
          },
          trx,
        ),
      );
      const playerId = (await s.providers.fishing.session(sessionId)).player_id;
      const balance = await s.wallet.playerBalance(playerId);
      if (closed.transfer === null) {
        out(
          `session ${sessionId} was ${closed.from}, now ${closed.to}; the player's balance is ${balance} riel`,
        );
        return;
      }
      const after = (await s.providers.fishing.session(sessionId)).state;
      out(
        `session ${sessionId} was ${closed.from}, its money withdrawn: transfer ${closed.transfer.id} is ` +
          `${closed.transfer.state} (amount ${closed.transfer.amount}), the session is ${after}; ` +
          `the player's balance is ${balance} riel`,
      );
    });
}
