import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { ensureDemoPlayer } from './modules/players/demo-player';
import { systemClock } from './platform/clock';
import { productionLogger } from './platform/logger';

/** The process: config, database, migrations, listen, graceful shutdown. Everything else is in app.ts. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Checkpoint failures are logged by the app's logger once it exists.
  let warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`);
  if (config.mode === 'server') {
    // Migrations on a connection of their own, without the serving pool's statement_timeout: an index
    // built on a large table may take longer than any request should.
    const migrations = openDatabase(config);
    try {
      await migrateToLatest(migrations.db, migrations.dialect);
    } finally {
      await migrations.close();
    }
  }
  const handle = openDatabase(
    config,
    {
      backgroundCheckpoints: true,
      onCheckpointError: (message) => warn(`SQLite WAL checkpoint failed: ${message}`),
    },
    {
      max: config.PG_POOL_MAX,
      connectTimeoutMs: config.PG_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS || undefined,
      preparedStatements: config.PG_PREPARED_STATEMENTS,
      // PostgreSQL restarted or the network dropped: the pool opens new connections at the next query.
      onConnectionError: (error) => warn(`PostgreSQL connection lost: ${error.message}`),
    },
  );
  if (handle.dialect === 'sqlite') await migrateToLatest(handle.db, handle.dialect);
  const app = await buildApp({
    config,
    db: handle.db,
    clock: systemClock,
    logger: productionLogger(config.LOG_LEVEL),
  });

  warn = (message) => app.log.warn(message);

  if (config.mode === 'embedded') {
    await ensureDemoPlayer(app.services, {
      username: config.DEMO_USERNAME,
      password: config.DEMO_PASSWORD,
      balance: config.DEMO_BALANCE,
    });
  }

  /**
   * SIGTERM / SIGINT (docs/operations.md, "Stopping"): `app.close()` stops accepting (new requests on
   * open connections get 503), waits for the requests in flight, closes the WebSockets, then runs every
   * onClose hook (the scheduler's pass, the bets' write queue, the event bus, the metrics port); then the
   * database closes. Past SHUTDOWN_TIMEOUT_SECONDS the process says so and exits 1.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      // /healthz says 503 while the rest still serves, until the load balancer has stopped sending here.
      app.startDraining();
      app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000 }, 'draining');
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    const deadlineMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    app.log.info({ signal, deadlineMs }, 'shutting down');
    const startedMs = Date.now();
    setTimeout(() => {
      app.log.error({ signal, deadlineMs }, 'shutdown deadline passed; exiting before everything closed');
      process.exit(1);
    }, deadlineMs);
    try {
      await app.close();
      await handle.close();
      app.log.info({ ms: Date.now() - startedMs }, 'shut down');
      process.exit(0);
    } catch (error: unknown) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.mode === 'embedded' ? `SQLite in ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [``, `  Lotto59 is running at ${address}  (${config.mode} mode, ${where})`];
  if (config.METRICS_PORT !== undefined) lines.push(`  Metrics: ${app.metricsAddress()}/metrics`);
  if (config.mode === 'embedded') {
    lines.push(`  Demo player: ${config.DEMO_USERNAME} / ${config.DEMO_PASSWORD}`, ``);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
