import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createDemoProvider } from '../apps/demo-provider/src/server';
import { TestWallet } from '../apps/demo-provider/src/test/test-wallet';

/*
 * The real demo studio (apps/demo-provider) with a fast Demo League, for e2e/demo-league.spec.ts: rounds every
 * 20 s, results 5 s after kick-off, the worker every 250 ms, and the studio's signed test wallet standing in for
 * the casino's (no apps/web route is involved: the page is opened at its launch URL, as the casino's frame
 * would). Launch codes are issued by `code(user)`.
 */

const SECRET = 'd4'.repeat(32);

export interface LeagueFixture {
  url: string;
  wallet: TestWallet;
  /** A fresh one-time launch code for this player (1,000,000 ៛ to start). */
  code(user: string): string;
  close(): Promise<void>;
}

export async function startLeagueFixture(): Promise<LeagueFixture> {
  execFileSync('npm', ['run', '--silent', 'build:web', '-w', '@lotto59/demo-provider'], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-league-e2e-'));
  const wallet = await new TestWallet({ sport: SECRET }).start();
  const studio = await createDemoProvider({
    database: { kind: 'sqlite', dataDir },
    secrets: { sport: SECRET },
    walletBaseUrl: wallet.url,
    retry: { pollMs: 250 },
    // 20 s rounds: the fixtures the spec bets on (the third and fourth rounds) kick off 40–80 s after the page
    // opens, room enough for two slips on a loaded machine, and settle a minute sooner than with 30 s rounds.
    sport: { roundMs: 20_000, matchMs: 5_000, pollMs: 250 },
  });
  const app = Fastify();
  await app.register(studio.plugin, { prefix: '/provider/demo' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  let n = 0;
  return {
    url,
    wallet,
    code(user) {
      n += 1;
      const code = `league-${user}-${n}-${Date.now()}`;
      wallet.issueCode(code, user, 'demo-league', 1_000_000, 60 * 60_000);
      return code;
    },
    async close() {
      await app.close();
      await studio.close();
      await wallet.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
