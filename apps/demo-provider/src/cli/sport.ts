import { userInfo } from 'node:os';
import { openStudioOperator } from '../server';

/*
 * The sportsbook's operator command (providers.md §7.4):
 *   npm run sport -w @lotto59/demo-provider -- void <fixture> <reason…>
 * voids a fixture that has no result yet, with an audit record (sport_audit: who, when, why, what it touched).
 * Its singles are refunded and its parlay legs count 1.00 at the studio's next settlement pass. It opens the
 * studio's own database (DATA_DIR or DEMO_PROVIDER_DATABASE_URL, as src/main.ts) and sends no wallet call itself.
 */

const env = process.env;
const [command, fixtureId, ...reasonWords] = process.argv.slice(2);
const reason = reasonWords.join(' ').trim();

if (command !== 'void' || fixtureId === undefined || reason === '') {
  console.error('usage: sport void <fixture-id> <reason>');
  process.exit(2);
}

const operator = await openStudioOperator({
  database: env.DEMO_PROVIDER_DATABASE_URL
    ? { kind: 'postgres', url: env.DEMO_PROVIDER_DATABASE_URL, schema: env.DEMO_PROVIDER_DB_SCHEMA }
    : { kind: 'sqlite', dataDir: env.DATA_DIR ?? './data' },
  secrets: {},
  walletBaseUrl: env.WALLET_BASE_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`,
});
try {
  const result = await operator.voidFixture(fixtureId, reason, `cli:${userInfo().username}`);
  switch (result.outcome) {
    case 'voided':
      console.log(
        `fixture ${fixtureId} voided (${result.openSlips} open slip(s) will be settled with it void)`,
      );
      break;
    case 'not-found':
      console.error(`no fixture ${fixtureId}`);
      process.exitCode = 1;
      break;
    case 'already-closed':
      console.error(`fixture ${fixtureId} is already ${result.state}; nothing changed`);
      process.exitCode = 1;
      break;
  }
} finally {
  await operator.close();
}
