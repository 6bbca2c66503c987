import { InvalidArgumentError, type Command } from 'commander';
import {
  fingerprint,
  isProviderCode,
  PROVIDER_CODES,
  PROVIDERS,
  type ProviderCode,
} from '../modules/providers/providers.public';
import { parseRiel, type Riel } from '@lotto59/domain';
import { AppError } from '../errors/app-error';
import type { Services } from '../services';
import { registerFishingCommands } from './providers-fishing.commands';

type Out = (line: string) => void;

/** One call the studio owes our wallet (its outbox row), as the studio's operator surface lists it. */
export interface OwedCall {
  id: string;
  round_id: string;
  kind: string;
  provider: string;
  attempts: number;
  created_at: number;
  parked_at: number | null;
  last_error: string | null;
  body: string;
}

/**
 * The demo studio's outbox, opened by the composition root (ops.ts) through the studio's own export: its
 * database, never our tables. `resolve` sends one owed call to our wallet now, over signed HTTP.
 */
export interface StudioOutbox {
  stuck(): Promise<OwedCall[]>;
  resolve(
    id: string,
  ): Promise<
    | { outcome: 'sent'; balance: number }
    | { outcome: 'failed'; error: string | null }
    | { outcome: 'not-found' }
  >;
}

function parseProvider(value: string): ProviderCode {
  if (isProviderCode(value)) return value;
  throw new InvalidArgumentError(`the provider must be one of: ${PROVIDER_CODES.join(', ')}.`);
}

/**
 * `ops providers …`: the providers' ids, wallet modes and secret fingerprints, secret rotation and the
 * demo games' published returns (providers.md §2, "Settled choices"). A secret is printed only once,
 * by `rotate-secret`; `list` shows the first 8 hex of its SHA-256, enough to compare with the studio's.
 */
export function registerProvidersCommands(
  program: Command,
  services: () => Promise<Services>,
  out: Out,
  studio?: () => Promise<StudioOutbox>,
) {
  const providers = program.command('providers').description('provider games: secrets and published returns');

  providers
    .command('list')
    .description('every provider id with its wallet mode, games and secret fingerprint')
    .action(async () => {
      const s = await services();
      for (const p of s.providers.secrets) {
        const info = PROVIDERS[p.code];
        const secret =
          p.secret === null
            ? 'no secret (set it in the environment)'
            : `${fingerprint(p.secret)} (${p.source})`;
        out(
          `${p.code.padEnd(6)} ${info.walletMode.padEnd(9)} ${info.kind.padEnd(8)} ${info.games.join(',').padEnd(15)} ${secret}`,
        );
      }
    });

  providers
    .command('rotate-secret')
    .description('make a new secret for one provider and print it once (audited)')
    .argument('<provider>', PROVIDER_CODES.join(' | '), parseProvider)
    .action(async (code: ProviderCode) => {
      const s = await services();
      const rotated = s.providers.rotateSecret(code);
      await s.audit.record({
        kind: 'provider_secret_rotated',
        detail: { provider: code, fingerprint: fingerprint(rotated.secret), written: rotated.written },
      });
      out(`new secret of provider ${code} (shown once): ${rotated.secret}`);
      out(`fingerprint: ${fingerprint(rotated.secret)}`);
      out(
        rotated.written
          ? 'written to the data folder; restart the server and give the studio the new secret'
          : `not written: set ${rotated.envName} to it, restart the server and give the studio the new secret`,
      );
    });

  providers
    .command('rtp')
    .description("the demo games' published returns to player")
    .action(async () => {
      const s = await services();
      for (const r of s.providers.publishedReturns()) {
        out(`${r.provider.padEnd(6)} ${r.game.padEnd(15)} ${r.bet.padEnd(14)} ${r.rtp}`);
      }
    });

  const openStudio = () => {
    if (!studio) throw new AppError('VALIDATION_FAILED', 'the demo studio is not reachable from here.');
    return studio();
  };

  providers
    .command('stuck')
    .description("the demo studio's wins and rollbacks parked past its retry schedule (its outbox)")
    .action(async () => {
      const parked = await (await openStudio()).stuck();
      if (parked.length === 0)
        out('nothing parked: every owed win and rollback was sent or is still retrying');
      for (const call of parked) {
        const body = JSON.parse(call.body) as { amount?: unknown; user?: unknown };
        const amount = typeof body.amount === 'number' ? ` amount=${body.amount}` : '';
        out(
          `${call.id}  ${call.kind.padEnd(8)} provider=${call.provider} round=${call.round_id} user=${String(body.user ?? '-')}${amount}` +
            ` attempts=${call.attempts} since=${new Date(call.created_at).toISOString()}` +
            ` parked=${call.parked_at === null ? '-' : new Date(call.parked_at).toISOString()}` +
            ` last_error=${call.last_error ?? '-'}`,
        );
      }
    });

  providers
    .command('resolve')
    .description('send one owed win or rollback of the demo studio to the wallet now (the server must run)')
    .argument('<id>', 'the id `stuck` printed')
    .action(async (id: string) => {
      const result = await (await openStudio()).resolve(id);
      if (result.outcome === 'not-found') {
        throw new AppError('NOT_FOUND', `no owed call ${id} (already sent, or a wrong id).`);
      }
      if (result.outcome === 'failed') {
        throw new AppError(
          'VALIDATION_FAILED',
          `the wallet did not take it (${result.error ?? 'no answer'}); it stays parked.`,
        );
      }
      out(`sent: the round is closed; the player's balance is now ${result.balance} riel`);
    });

  registerFishingCommands(providers, services, out);

  const transfer = providers
    .command('transfer')
    .description("provider 4's transfer wallet: transfers whose outcome is unknown (providers.md §4)");

  transfer
    .command('list')
    .description('transfers the worker gave up on after 24 h (the alert): to be resolved by hand')
    .action(async () => {
      const s = await services();
      const parked = await s.providers.transfers.parked();
      if (parked.length === 0) out('nothing parked: every transfer is resolved or still being asked about');
      for (const row of parked) {
        out(
          `${row.id}  ${row.direction.padEnd(3)} player=${row.player_id} amount=${row.amount} state=${row.state}` +
            ` attempts=${row.attempts} since=${new Date(row.created_at_ms).toISOString()}`,
        );
      }
    });

  transfer
    .command('resolve')
    .description(
      "settle one transfer in flight from the provider's own records (audited): completed or failed; a " +
        'completed withdraw needs --amount (what the provider paid back)',
    )
    .argument('<id>', 'the transfer id')
    .argument('<outcome>', 'completed | failed', (value: string) => {
      if (value === 'completed' || value === 'failed') return value;
      throw new InvalidArgumentError('the outcome must be completed or failed.');
    })
    .option('--amount <riel>', 'a completed withdraw: the riel the provider paid back', (value: string) => {
      const amount = parseRiel(value);
      if (!amount.ok || amount.value <= 0) throw new InvalidArgumentError('the amount must be whole riel.');
      return amount.value;
    })
    .option('--operator <name>', 'who decided (the audit log)', process.env.USER ?? 'operator')
    .action(
      async (id: string, outcome: 'completed' | 'failed', options: { amount?: Riel; operator: string }) => {
        const s = await services();
        const { amount } = options;
        const row = await s.providers.transfers.resolveByOperator(
          id,
          outcome,
          options.operator,
          amount,
          (trx, before) =>
            s.audit.record(
              {
                kind: 'provider_transfer_resolved',
                playerId: before.player_id,
                detail: {
                  transfer: id,
                  direction: before.direction,
                  outcome,
                  amount: amount ?? before.amount,
                  operator: options.operator,
                },
              },
              trx,
            ),
        );
        out(
          `${row.id} ${row.direction} is now ${row.state} (amount ${row.amount}); the player's balance is ${await s.wallet.playerBalance(row.player_id)} riel`,
        );
      },
    );
}
