import Fastify from 'fastify';
import { createDemoProvider, type DemoProviderCode, type FaultPoint } from './server';

/*
 * The demo studio as its own process (providers.md §1, server mode). Configuration from the environment:
 *   DEMO_PROVIDER_PORT (3100), DEMO_PROVIDER_HOST (127.0.0.1),
 *   DEMO_PROVIDER_DATABASE_URL (+ DEMO_PROVIDER_DB_SCHEMA, default demo_provider) or DATA_DIR (./data),
 *   WALLET_BASE_URL (http://127.0.0.1:${PORT}), PROVIDER_{2,3,4,5,SPORT}_SECRET (64 hex each),
 *   DEMO_PROVIDER_FRAME_ANCESTORS (space-separated origins allowed to frame the pages).
 */

const env = process.env;

/**
 * Test-only fault injection (the casino's fault tests, apps/server/test/studio-fault.test.ts): with
 * DEMO_PROVIDER_FAULT=kill-after-bet the process SIGKILLs itself right after the wallet accepts a bet, before
 * it records it; with kill-after-bet-recorded, after it records the bet and its owed win, before sending the
 * win. Unset (always, in production) the studio runs no fault code at all.
 */
function faultFromEnv(value: string | undefined): { fault?: (point: FaultPoint) => void } {
  if (value === undefined || value === '') return {};
  const at = ({ 'kill-after-bet': 'bet-acknowledged', 'kill-after-bet-recorded': 'bet-recorded' } as const)[
    value as 'kill-after-bet' | 'kill-after-bet-recorded'
  ] as FaultPoint | undefined;
  if (at === undefined) {
    console.error('demo provider: DEMO_PROVIDER_FAULT must be kill-after-bet or kill-after-bet-recorded');
    process.exit(1);
  }
  console.error(`demo provider: FAULT INJECTION ON (${value}); a test setting, never for production`);
  return {
    fault: (point) => {
      if (point === at) process.kill(process.pid, 'SIGKILL');
    },
  };
}
const CODES: DemoProviderCode[] = ['2', '3', '4', '5', 'sport'];
const secrets = Object.fromEntries(
  CODES.flatMap((code) => {
    const secret = env[`PROVIDER_${code.toUpperCase()}_SECRET`];
    return secret ? [[code, secret]] : [];
  }),
);
if (Object.keys(secrets).length === 0) {
  console.error(
    'demo provider: set at least one PROVIDER_<code>_SECRET (64 hex characters, shared with the wallet)',
  );
  process.exit(1);
}

const provider = await createDemoProvider({
  database: env.DEMO_PROVIDER_DATABASE_URL
    ? { kind: 'postgres', url: env.DEMO_PROVIDER_DATABASE_URL, schema: env.DEMO_PROVIDER_DB_SCHEMA }
    : { kind: 'sqlite', dataDir: env.DATA_DIR ?? './data' },
  secrets,
  walletBaseUrl: env.WALLET_BASE_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`,
  frameAncestors: env.DEMO_PROVIDER_FRAME_ANCESTORS?.split(/\s+/).filter(Boolean),
  ...faultFromEnv(env.DEMO_PROVIDER_FAULT),
});

const app = Fastify({ logger: { level: env.LOG_LEVEL ?? 'info' } });
await app.register(provider.plugin, { prefix: '/provider/demo' });
app.addHook('onClose', () => provider.close());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
await app.listen({
  port: Number(env.DEMO_PROVIDER_PORT ?? 3100),
  host: env.DEMO_PROVIDER_HOST ?? '127.0.0.1',
});
