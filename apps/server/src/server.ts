import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { ensureDemoPlayer } from './modules/players/demo-player';
import { systemClock } from './platform/clock';

/** The process: config, database, migrations, listen, graceful shutdown. Everything else is in app.ts. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Checkpoint failures are logged by the app's logger once it exists.
  let warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`);
  const handle = openDatabase(config, {
    backgroundCheckpoints: true,
    onCheckpointError: (message) => warn(`SQLite WAL checkpoint failed: ${message}`),
  });
  await migrateToLatest(handle.db, handle.dialect);
  const app = await buildApp({
    config,
    db: handle.db,
    clock: systemClock,
    logger: { level: config.LOG_LEVEL, timestamp: () => `,"time":"${new Date().toISOString()}"` },
  });

  warn = (message) => app.log.warn(message);

  if (config.mode === 'embedded') {
    await ensureDemoPlayer(app.services, {
      username: config.DEMO_USERNAME,
      password: config.DEMO_PASSWORD,
      balance: config.DEMO_BALANCE,
    });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.mode === 'embedded' ? `SQLite in ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [``, `  Lotto59 is running at ${address}  (${config.mode} mode, ${where})`];
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
