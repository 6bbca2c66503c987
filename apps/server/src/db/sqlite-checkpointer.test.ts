import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './create-db';
import { startBackgroundCheckpoints } from './sqlite-checkpointer';

describe('WAL checkpoints on a worker thread', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lotto59-wal-'));
    dirs.push(dir);
    return join(dir, 'db.sqlite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function openWriter(file: string) {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table t (k text primary key, v integer)');
    // Random keys put every row on another page: many pages per transaction, as the bet indexes do.
    const insert = sqlite.prepare('insert into t values (?, ?)');
    const batch = sqlite.transaction((n: number) => {
      for (let i = 0; i < 50; i++) insert.run(`${Math.random()}`, n);
    });
    return { sqlite, batch };
  }

  it('keeps the WAL bounded under a writer that never pauses, and loses no row', async () => {
    const file = fileIn();
    const { sqlite, batch } = openWriter(file);
    const checkpoints = startBackgroundCheckpoints(sqlite, { intervalMs: 5, rewindAtFrames: 200 });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // The WAL's size is unknown until the worker's first report (a worker slow to start on a loaded
    // machine once let this writer fill 72 MB before it): the first write waits for it.
    expect(checkpoints.beforeWrite()).toBeInstanceOf(Promise);
    let waits = 0;
    for (let n = 0; n < 1_500; n++) {
      const rewind = checkpoints.beforeWrite();
      if (rewind) {
        waits += 1;
        await rewind;
      }
      batch(n);
      // One batch per turn of the event loop, as the group commit writes them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await checkpoints.stop();
    // Without the pauses the WAL would hold every frame written (≈ 320 MB here); with them, it starts
    // over every few hundred frames (≈ 20 MB at its largest, as the checkpointer reports late).
    expect(waits).toBeGreaterThan(0);
    expect(statSync(`${file}-wal`).size).toBeLessThan(64 * 1024 * 1024);
    expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(75_000);
    sqlite.close();
  });

  it('does not trust an old report: a writer that has heard nothing for a while waits for a fresh one', async () => {
    const file = fileIn();
    const { sqlite, batch } = openWriter(file);
    let clock = 0;
    // The worker reports at its start and when asked, never on its own timer here: as a worker stuck
    // in a long checkpoint on a busy machine looks to the writer.
    const checkpoints = startBackgroundCheckpoints(sqlite, {
      intervalMs: 60_000,
      rewindAtFrames: 100,
      staleAfterMs: 1_000,
      now: () => clock,
    });
    await checkpoints.beforeWrite(); // the first report: an empty WAL
    for (let n = 0; n < 20; n++) {
      expect(checkpoints.beforeWrite()).toBeUndefined(); // the report is fresh
      batch(n);
    }
    clock += 1_001;
    // The WAL now holds hundreds of frames, which no report has told: the writer must ask.
    const fresh = checkpoints.beforeWrite();
    expect(fresh).toBeInstanceOf(Promise);
    await fresh;
    // The fresh report said the WAL was over its bound, so the writer waited until all of it was
    // copied: the next transaction starts the WAL over.
    expect(checkpoints.beforeWrite()).toBeUndefined();
    batch(20);
    const [{ log }] = sqlite.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
    expect(log).toBeLessThan(100);
    await checkpoints.stop();
    sqlite.close();
  });

  it('lets the writer go on at once while the WAL is small', async () => {
    const { sqlite } = openWriter(fileIn());
    const checkpoints = startBackgroundCheckpoints(sqlite, { intervalMs: 5, rewindAtFrames: 1_000 });
    await checkpoints.beforeWrite(); // the worker's first report
    expect(checkpoints.beforeWrite()).toBeUndefined();
    await checkpoints.stop();
    sqlite.close();
  });

  it('closes cleanly through the handle: worker stopped, WAL folded into the file', async () => {
    const file = fileIn();
    const handle = openSqlite(file, { backgroundCheckpoints: true });
    await handle.db.schema.createTable('x').addColumn('v', 'integer').execute();
    await handle.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file);
    expect(reopened.prepare("select count(*) from sqlite_master where name = 'x'").pluck().get()).toBe(1);
    reopened.close();
  });
});
