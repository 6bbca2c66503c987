import { InvalidArgumentError, type Command } from 'commander';
import {
  fingerprint,
  isProviderCode,
  PROVIDER_CODES,
  PROVIDERS,
  type ProviderCode,
} from '../modules/providers/providers.public';
import type { Services } from '../services';

type Out = (line: string) => void;

function parseProvider(value: string): ProviderCode {
  if (isProviderCode(value)) return value;
  throw new InvalidArgumentError(`the provider must be one of: ${PROVIDER_CODES.join(', ')}.`);
}

/**
 * `ops providers …`: the providers' ids, wallet modes and secret fingerprints, secret rotation and the
 * demo games' published returns (providers.md §2, "Settled choices"). A secret is printed only once,
 * by `rotate-secret`; `list` shows the first 8 hex of its SHA-256, enough to compare with the studio's.
 */
export function registerProvidersCommands(program: Command, services: () => Promise<Services>, out: Out) {
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
}
