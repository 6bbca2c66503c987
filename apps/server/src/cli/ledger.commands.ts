import { performance } from 'node:perf_hooks';
import { InvalidArgumentError, type Command } from 'commander';
import { AppError } from '../errors/app-error';
import { publicKeyFromHex } from '../modules/ledger/ledger.module';
import type { Services } from '../services';

type Out = (line: string) => void;

function parsePublicKey(value: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value))
    throw new InvalidArgumentError('a raw Ed25519 public key: 64 hex characters.');
  return value.toLowerCase();
}

function parsePositive(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('a whole number from 1.');
  return n;
}

/** `ops ledger public-key|seal|seals|verify`: the sealed ledger (docs/ledger-seal.md, decision 0048). */
export function registerLedgerCommands(program: Command, services: () => Promise<Services>, out: Out): void {
  const ledger = program
    .command('ledger')
    .description('the sealed ledger: its public key, its seals, and their check');

  ledger
    .command('public-key')
    .description('print the Ed25519 public key every seal is signed with')
    .action(async () => {
      const s = await services();
      const key = s.ledger.service.publicKey();
      if (!key) throw new AppError('NOT_FOUND', 'no seal key: set LEDGER_SEAL_KEY (server mode)');
      out(`public key (Ed25519, raw, hex): ${key.public_key}`);
      out(`key id: ${key.key_id}  (from ${s.ledger.key?.source ?? '?'})`);
    });

  ledger
    .command('seal')
    .description(
      "seal every pending transfer now, under the sealing worker's lease (refused while another process holds it)",
    )
    .action(async () => {
      const s = await services();
      if (!s.ledger.service.canSeal())
        throw new AppError('NOT_FOUND', 'no seal key: set LEDGER_SEAL_KEY (server mode)');
      const outcome = await s.ledger.sealPendingNow();
      if (!outcome.ran)
        throw new AppError(
          'BUSY',
          `the ledger-seal lease is held by ${outcome.holder}: its worker seals; nothing sealed`,
        );
      for (const seal of outcome.seals)
        out(`sealed #${seal.seq}: ids ${seal.first_id}..${seal.last_id}, ${seal.count} transfers`);
      if (outcome.seals.length === 0) out('nothing to seal');
      if (outcome.sealedThrough < outcome.through)
        throw new AppError(
          'BUSY',
          `sealed through id ${outcome.sealedThrough} of ${outcome.through}: a transaction still open holds the rest back; run it again`,
        );
      out(`sealed through id ${outcome.sealedThrough}`);
    });

  ledger
    .command('seals')
    .description('list the seals in order')
    .option('--from <seq>', 'the first seal to list', parsePositive, 1)
    .option('--limit <n>', 'how many', parsePositive, 50)
    .action(async (opts: { from: number; limit: number }) => {
      const s = await services();
      const seals = await s.ledger.service.seals(opts.from, opts.limit);
      for (const seal of seals) {
        out(
          `#${String(seal.seq).padEnd(6)} ids ${seal.first_id}..${seal.last_id}  ${String(seal.count).padStart(7)} transfers  ` +
            `${new Date(seal.sealed_at_ms).toISOString()}  root ${seal.root.slice(0, 16)}…  hash ${seal.hash.slice(0, 16)}…  key ${seal.key_id}`,
        );
      }
      if (seals.length === 0) out('no seals');
    });

  ledger
    .command('verify')
    .description('recompute every seal from the transfers and the chain from seal 1; name the first bad seal')
    .option(
      '--public-key <hex>',
      'check the signatures against this key instead of the configured one',
      parsePublicKey,
    )
    .action(async (opts: { publicKey?: string }) => {
      const s = await services();
      const keyHex = opts.publicKey ?? s.ledger.service.publicKey()?.public_key;
      if (!keyHex) throw new AppError('NOT_FOUND', 'no public key: pass --public-key or set LEDGER_SEAL_KEY');
      out(`public key: ${keyHex}`);
      const started = performance.now();
      const report = await s.ledger.service.verify(publicKeyFromHex(keyHex));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (report.ok) {
        out(
          `ledger seals OK: ${report.seals} seals, ${report.transfers} transfers, sealed through id ` +
            `${report.sealedThroughId ?? '-'} (${seconds} s)`,
        );
        return;
      }
      out(`BAD SEAL #${report.seq}: ${report.problem.replace('_', ' ')} — ${report.detail}`);
      out(`(${report.seals} seals before it are good; ${report.transfers} transfers checked; ${seconds} s)`);
      throw new AppError('INTERNAL', `seal ${report.seq} does not match: ${report.problem}`);
    });
}
