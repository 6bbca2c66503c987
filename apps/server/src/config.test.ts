import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults and is frozen', () => {
    const c = loadConfig({ INIT_CWD: '/srv/lotto59' });
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      mode: 'embedded',
      DATA_DIR: '/srv/lotto59/data',
    });
    expect(c.DEMO_BALANCE).toBe(1_000_000);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('resolves a relative DATA_DIR from where npm was run, not from the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/home/op/lotto59', DATA_DIR: './var' }).DATA_DIR).toBe(
      '/home/op/lotto59/var',
    );
    expect(loadConfig({ DATA_DIR: '/abs/dir' }).DATA_DIR).toBe('/abs/dir');
  });

  it('bounds every PostgreSQL wait by default (decision 0030), and lets the operator tune it', () => {
    expect(loadConfig({})).toMatchObject({
      PG_POOL_MAX: 20,
      PG_CONNECT_TIMEOUT_MS: 5_000,
      PG_STATEMENT_TIMEOUT_MS: 20_000,
      PG_PREPARED_STATEMENTS: true,
    });
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false' }).PG_PREPARED_STATEMENTS).toBe(false);
    expect(loadConfig({ PG_STATEMENT_TIMEOUT_MS: '0', PG_CONNECT_TIMEOUT_MS: '250' })).toMatchObject({
      PG_STATEMENT_TIMEOUT_MS: 0,
      PG_CONNECT_TIMEOUT_MS: 250,
    });
    // No "wait forever" for a connection: a down database must answer 503, not hang.
    expect(() => loadConfig({ PG_CONNECT_TIMEOUT_MS: '0' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });

  it("bounds the schedulers' lease (decision 0037): 10 s by default, 2 s at least, tried at least twice a lease", () => {
    expect(loadConfig({}).SCHEDULER_LEASE_SECONDS).toBe(10);
    expect(loadConfig({ SCHEDULER_LEASE_SECONDS: '2' }).SCHEDULER_LEASE_SECONDS).toBe(2);
    expect(() => loadConfig({ SCHEDULER_LEASE_SECONDS: '1' })).toThrow(/SCHEDULER_LEASE_SECONDS/);
    expect(() => loadConfig({ SCHEDULER_LEASE_SECONDS: '2.5' })).toThrow(/SCHEDULER_LEASE_SECONDS/);
    // A free lease is taken at the next tick: a tick slower than half the lease would stretch a failover.
    expect(loadConfig({ SCHEDULER_LEASE_SECONDS: '2', LOTTO_TICK_MS: '1000' }).LOTTO_TICK_MS).toBe(1000);
    expect(() => loadConfig({ SCHEDULER_LEASE_SECONDS: '2', LOTTO_TICK_MS: '1001' })).toThrow(
      /LOTTO_TICK_MS/,
    );
  });

  it('switches to server mode with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).mode).toBe('server');
  });

  it('takes a PostgreSQL read replica in server mode only', () => {
    const primary = 'postgres://u@h:5432/db';
    const replica = 'postgres://u@replica:5432/db';
    const c = loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica });
    expect(c).toMatchObject({ DATABASE_READ_URL: replica, READ_YOUR_WRITES_SECONDS: 60 });
    expect(loadConfig({}).DATABASE_READ_URL).toBeUndefined();
    // Embedded mode (SQLite) has no replica: refused, not ignored.
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(
      /DATABASE_READ_URL: a read replica needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://u@h/db' })).toThrow(
      /DATABASE_READ_URL: a PostgreSQL URL/,
    );
  });

  it("refuses the transfer wallet's test-only faults in production, and has them off by default", () => {
    expect(loadConfig({}).TRANSFER_FAULT_LOSE_ANSWERS_MS).toBe(0);
    expect(loadConfig({ TRANSFER_FAULT_LOSE_ANSWERS_MS: '5000' }).TRANSFER_FAULT_LOSE_ANSWERS_MS).toBe(5_000);
    expect(() => loadConfig({ NODE_ENV: 'production', TRANSFER_FAULT_LOSE_ANSWERS_MS: '5000' })).toThrow(
      /TRANSFER_FAULT_LOSE_ANSWERS_MS: a test-only fault, refused in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', TRANSFER_FAULT: 'kill-after-ledger' })).toThrow(
      /TRANSFER_FAULT: a test-only fault/,
    );
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', SESSION_IDLE_MINUTES: '0', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', SESSION_IDLE_MINUTES: '0', LOG_LEVEL: 'loud' });
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('SESSION_IDLE_MINUTES');
      expect(message).toContain('LOG_LEVEL');
    }
  });
});
