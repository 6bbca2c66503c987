import { randomBytes, randomUUID } from 'node:crypto';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { formatRiel, parseRiel, type Riel } from '@lotto59/domain';
import { loadConfig, ConfigError } from '../config';
import { openDatabase, type DbHandle } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../errors/app-error';
import { PLAYER_FLAGS, type PlayerFlag } from '../modules/players/players.service';
import { systemClock } from '../platform/clock';
import { createServices, type Services } from '../services';
import { registerLotto59Commands } from './lotto59.commands';
import { openStudioOperator, type StudioOperator } from '@lotto59/demo-provider/server';
import { registerProvidersCommands, type StudioOutbox } from './providers.commands';
import { registerLotteryCommands } from './lottery.commands';
import { registerLedgerCommands } from './ledger.commands';
import { registerRgCommands } from './rg.commands';

/**
 * The operator command line (`npm run ops -- …`). It opens the same database as the server (same
 * DATA_DIR or DATABASE_URL), so it works beside a running server; every command is one transaction.
 */

function parseAmount(value: string): Riel {
  const parsed = parseRiel(value.replaceAll(',', '').replaceAll('_', ''));
  if (!parsed.ok || parsed.value <= 0) {
    throw new InvalidArgumentError(
      'the amount must be a positive whole number of riel (e.g. 50000 or 50,000).',
    );
  }
  return parsed.value;
}

function parseOnOff(value: string): boolean {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new InvalidArgumentError('say "on" or "off".');
}

function parseFlag(value: string): PlayerFlag {
  if (value in PLAYER_FLAGS) return value as PlayerFlag;
  throw new InvalidArgumentError(`the flag must be one of: ${Object.keys(PLAYER_FLAGS).join(', ')}.`);
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new InvalidArgumentError('a whole number from 1 to 1000.');
  return n;
}

type Out = (line: string) => void;

/** A deposit over the player's deposit limit is refused naming the limit and the room left (responsible-gaming.md §6). */
async function depositNamingTheLimit(s: Services, m: Parameters<Services['cashier']['deposit']>[0]) {
  try {
    return await s.cashier.deposit(m);
  } catch (error) {
    const d = error instanceof AppError && error.code === 'LIMIT_REACHED' ? error.options.details : undefined;
    if (!d) throw error;
    throw new AppError(
      'LIMIT_REACHED',
      `refused: over the player's own deposit limit per ${(d.period ?? 'DAY').toLowerCase()}; ` +
        `room left ${formatRiel(d.remaining ?? 0)}`,
      { details: d },
    );
  }
}

export function buildProgram(
  services: () => Promise<Services>,
  out: Out,
  studio?: () => Promise<StudioOutbox>,
): Command {
  const program = new Command('ops')
    .description('Lotto59 operator command line. Works on the database of DATA_DIR (SQLite) or DATABASE_URL.')
    .showHelpAfterError()
    .exitOverride();

  const player = program.command('player').description('create and configure players');
  player
    .command('create')
    .description('create a player (no self sign-up); prints the password when one is generated')
    .argument('<username>', 'letters, digits, dot, dash, underscore; 3–32 characters')
    .option('--password <password>', 'the initial password (8–64 characters); generated when absent')
    .option('--balance <riel>', 'an opening deposit', parseAmount)
    .action(async (username: string, opts: { password?: string; balance?: Riel }) => {
      const s = await services();
      const password = opts.password ?? randomBytes(9).toString('base64url');
      if (password.length < 8 || password.length > 64) {
        throw new AppError('VALIDATION_FAILED', 'The password must be 8 to 64 characters.');
      }
      if (!/^[a-zA-Z0-9_.-]{3,32}$/.test(username)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The username must be 3–32 letters, digits, dots, dashes or underscores.',
        );
      }
      const created = await s.players.create({ username, password });
      out(`created player ${created.username} (id ${created.id})`);
      if (!opts.password) out(`password: ${password}`);
      if (opts.balance) {
        const r = await s.cashier.deposit({
          playerId: created.id,
          amount: opts.balance,
          idempotencyKey: `opening-balance:${created.id}`,
          note: 'opening balance',
        });
        out(`deposited ${formatRiel(r.amount)}; balance ${formatRiel(r.toBalanceAfter)}`);
      }
    });

  player
    .command('show')
    .description("show a player's user detail (as GET /api/user answers it)")
    .argument('<username>')
    .action(async (username: string) => {
      const s = await services();
      const p = await s.players.byUsername(username);
      out(JSON.stringify(await s.players.userDetail(p.id), null, 2));
    });

  player
    .command('flag')
    .description(`set a flag: ${Object.keys(PLAYER_FLAGS).join(', ')}`)
    .argument('<username>')
    .argument('<flag>', 'enableLottery | enableFastGamePlay | setting.enabled_poll_1 | disabled', parseFlag)
    .argument('<on|off>', 'the new value', parseOnOff)
    .action(async (username: string, flag: PlayerFlag, value: boolean) => {
      const s = await services();
      const p = await s.players.byUsername(username);
      await s.players.setFlags(p.id, { [flag]: value });
      out(`${p.username}: ${flag} = ${value ? 'on' : 'off'}`);
    });

  const cashCommand = (kind: 'deposit' | 'withdraw') =>
    program
      .command(kind)
      .description(
        kind === 'deposit'
          ? "add money to a player's wallet"
          : "take money out of a player's wallet (refused beyond the balance)",
      )
      .argument('<username>')
      .argument('<riel>', 'whole riel, e.g. 50000 or 50,000', parseAmount)
      .option('--key <key>', 'idempotency key: running again with the same key moves the money once')
      .option('--note <text>', 'shown in the player’s history')
      .action(async (username: string, amount: Riel, opts: { key?: string; note?: string }) => {
        const s = await services();
        const p = await s.players.byUsername(username);
        const key = opts.key ?? randomUUID();
        const m = { playerId: p.id, amount, idempotencyKey: key, note: opts.note };
        const r = kind === 'deposit' ? await depositNamingTheLimit(s, m) : await s.cashier.withdraw(m);
        const balance = kind === 'deposit' ? r.toBalanceAfter : r.fromBalanceAfter;
        const verb = kind === 'deposit' ? 'deposited' : 'withdrew';
        out(
          `${r.replayed ? 'already done: ' : ''}${verb} ${formatRiel(r.amount)} for ${p.username}; ` +
            `balance ${formatRiel(balance)} (transfer ${r.transferId}, key ${key})`,
        );
      });
  cashCommand('deposit');
  cashCommand('withdraw');

  program
    .command('maintenance')
    .description('switch maintenance on or off (running servers follow within a few seconds), or show it')
    .argument('<on|off|status>')
    .action(async (state: string) => {
      const s = await services();
      if (state === 'status') {
        out(`maintenance is ${(await s.maintenance.isOn()) ? 'on' : 'off'}`);
        return;
      }
      const on = parseOnOff(state);
      await s.maintenance.set(on);
      await s.audit.record({ kind: 'maintenance_changed', detail: { on } });
      out(`maintenance is ${on ? 'on' : 'off'}`);
    });

  program
    .command('cluster')
    .description('the API processes sharing this database (server mode)')
    .command('status')
    .description(
      'list the processes by their heartbeats, the Node each runs on and the one that holds the draw scheduler lease',
    )
    .action(async () => {
      const s = await services();
      const processes = await s.cluster.list();
      if (processes.length === 0) {
        out('no process has written a heartbeat (only server-mode processes do, once they listen)');
        return;
      }
      const nowMs = Date.now();
      for (const p of processes) {
        const seen = `${Math.max(0, Math.round((nowMs - p.seenAtMs) / 1000))} s ago`;
        out(
          `${p.servedBy.padEnd(24)} ${(p.live ? 'live' : 'gone').padEnd(5)} pid ${String(p.pid).padEnd(8)}` +
            `host ${p.host}  ${p.runtime || 'node ?'}  seen ${seen}` +
            (p.holdsLease ? '  (holds the scheduler lease)' : ''),
        );
      }
      const holder = processes.find((p) => p.holdsLease);
      out(`scheduler lease: ${holder ? holder.servedBy : 'no live process holds it'}`);
      out(`${processes.filter((p) => p.live).length} live of ${processes.length}`);
    });

  program
    .command('reconcile')
    .description('check the ledger: accounts sum to zero, no negative player, balance = sum of transfers')
    .action(async () => {
      const s = await services();
      const r = await s.wallet.reconcile();
      out(
        `accounts: ${r.accounts}; sum of balances: ${r.sumOfBalances}; negative players: ${r.negativePlayerAccounts}`,
      );
      for (const u of r.unbalanced)
        out(`UNBALANCED ${u.code}: stored ${u.balance}, transfers say ${u.computed}`);
      if (!r.ok) throw new AppError('INTERNAL', 'the ledger does not reconcile');
      out('ledger OK');
    });

  program
    .command('audit')
    .description('show the latest audit events')
    .option('--player <username>', "only this player's events")
    .option('--limit <n>', 'how many', parseLimit, 20)
    .action(async (opts: { player?: string; limit: number }) => {
      const s = await services();
      const playerId = opts.player ? (await s.players.byUsername(opts.player)).id : undefined;
      const events = await s.audit.list({ limit: opts.limit, ...(playerId ? { playerId } : {}) });
      for (const e of events) {
        out(
          `${new Date(e.at_ms).toISOString()}  ${e.kind.padEnd(22)} player=${e.player_id ?? '-'} ip=${e.ip ?? '-'} ${e.detail ?? ''}`,
        );
      }
    });

  program
    .command('analytics')
    .description('show the latest screen views, client errors and failed calls sent by the web app')
    .option('--player <username>', "only this player's events")
    .option('--type <type>', 'only screen_view, client_error or http_error')
    .option('--limit <n>', 'how many', parseLimit, 20)
    .action(async (opts: { player?: string; type?: string; limit: number }) => {
      const s = await services();
      const playerId = opts.player ? (await s.players.byUsername(opts.player)).id : undefined;
      const events = await s.analytics.list({ limit: opts.limit, playerId, type: opts.type });
      for (const e of events) {
        out(
          `${new Date(e.client_at_ms).toISOString()}  ${e.type.padEnd(12)} player=${e.player_id ?? '-'} ${e.name}` +
            `${e.path ? ` path=${e.path}` : ''}${e.detail ? ` ${JSON.stringify(e.detail)}` : ''}`,
        );
      }
    });

  registerLotto59Commands(program, services, out);
  registerProvidersCommands(program, services, out, studio);
  registerLotteryCommands(program, services, out);
  registerLedgerCommands(program, services, out);
  registerRgCommands(program, services, out);
  return program;
}

async function main(argv: string[]): Promise<number> {
  let handle: DbHandle | undefined;
  // Kept to close the event bus (a Redis connection would keep the process alive).
  let built: Services | undefined;
  const services = async () => {
    const config = loadConfig();
    handle = openDatabase(config);
    await migrateToLatest(handle.db, handle.dialect);
    built = await createServices({ config, db: handle.db, clock: systemClock });
    return built;
  };
  let studio: StudioOperator | undefined;
  // The demo studio's outbox (`providers stuck|resolve`): its own database, opened by its own export.
  const openStudio = async (): Promise<StudioOutbox> => {
    const config = loadConfig();
    const database = config.DEMO_PROVIDER_DATABASE_URL
      ? {
          kind: 'postgres' as const,
          url: config.DEMO_PROVIDER_DATABASE_URL,
          schema: config.DEMO_PROVIDER_DB_SCHEMA,
        }
      : config.mode === 'embedded'
        ? { kind: 'sqlite' as const, dataDir: config.DATA_DIR }
        : undefined;
    if (database === undefined) {
      throw new ConfigError(
        'the demo studio runs in its own process: set DEMO_PROVIDER_DATABASE_URL (and DEMO_PROVIDER_DB_SCHEMA) ' +
          'to its database, or run these commands with DATA_DIR of a studio using SQLite',
      );
    }
    const s = await services();
    studio = await openStudioOperator({
      database,
      secrets: Object.fromEntries(
        s.providers.secrets.flatMap((p) => (p.secret === null ? [] : [[p.code, p.secret]])),
      ),
      walletBaseUrl: config.WALLET_BASE_URL ?? `http://127.0.0.1:${config.PORT}`,
    });
    return studio;
  };
  const program = buildProgram(services, (line) => process.stdout.write(`${line}\n`), openStudio);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const message =
      error instanceof AppError || error instanceof ConfigError
        ? error.message
        : String((error as Error)?.stack ?? error);
    process.stderr.write(`error: ${message}\n`);
    return 1;
  } finally {
    await studio?.close();
    await built?.events.close();
    await handle?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
