import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { openDatabase } from '../../db/create-db';
import { loadConfig } from '../../config';
import { systemClock } from '../../platform/clock';
import { SettingsService } from '../settings/settings.service';
import { MaintenanceService } from './maintenance.service';

describe.each(TEST_DIALECTS)('maintenance switch on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('makes /api/user answer 503 within the refresh time when another process flips it', async () => {
    const player = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
    expect((await browser.get('/api/user')).statusCode).toBe(200);

    // The operator command line is another process with its own connection to the same database.
    const other = openDatabase(loadConfig({ ...t.tdb.env }));
    const operator = new MaintenanceService(new SettingsService(other.db, systemClock), systemClock, 0);
    await operator.set(true);

    // Cached until the refresh interval passes, then the switch takes effect without a restart.
    t.clock.advanceMs(t.config.MAINTENANCE_REFRESH_SECONDS * 1000);
    const during = await browser.get('/api/user');
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ message: 'The system is under maintenance.', code: 'MAINTENANCE' });

    await operator.set(false);
    t.clock.advanceMs(t.config.MAINTENANCE_REFRESH_SECONDS * 1000);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    await other.close();
  });
});
