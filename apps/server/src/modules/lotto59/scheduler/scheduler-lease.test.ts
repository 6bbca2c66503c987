import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../../test/databases';
import { openDatabase } from '../../../db/create-db';
import { loadConfig } from '../../../config';
import { createSchedulerLease } from './scheduler-lease';

describe.each(TEST_DIALECTS)('scheduler lease on %s', (dialect) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
  });
  afterAll(() => tdb.drop());

  it('lets exactly one process draw, and another take over when it stops', async () => {
    // A second process: its own connection pool on the same database.
    const other = openDatabase(loadConfig({ ...tdb.env }));
    const first = createSchedulerLease(tdb.db);
    const second = createSchedulerLease(other.db);
    try {
      expect(await first.holds()).toBe(true);
      if (dialect === 'sqlite') {
        // Embedded mode is one process: the lease is always held.
        expect(await second.holds()).toBe(true);
        return;
      }
      expect(await second.holds()).toBe(false);
      expect(await first.holds()).toBe(true);
      await first.release();
      expect(await second.holds()).toBe(true);
      expect(await first.holds()).toBe(false);
    } finally {
      await first.release();
      await second.release();
      await other.close();
    }
  });
});
