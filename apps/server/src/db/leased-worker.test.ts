import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { LeasedWorker, type WorkerJob } from './leased-worker';
import type { SchedulerLease } from './scheduler-lease';

/** A lease the test hands out or withholds, counting its releases. */
function fakeLease(holding = true): SchedulerLease & { holding: boolean; releases: number } {
  const lease: SchedulerLease & { holding: boolean; releases: number } = {
    holding,
    releases: 0,
    holds: async () => lease.holding,
    held: () => lease.holding,
    release: async () => {
      lease.releases += 1;
      lease.holding = false;
    },
  };
  return lease;
}

/** A job whose passes the test finishes by hand. */
function manualJob(everyMs = 100) {
  const pending: (() => void)[] = [];
  let passes = 0;
  const job: WorkerJob = {
    name: 'test-worker',
    everyMs,
    pass: () => {
      passes += 1;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  };
  return {
    job,
    passes: () => passes,
    finishAll: () => pending.splice(0).forEach((finish) => finish()),
  };
}

const silentLog = { error: () => undefined };

describe('LeasedWorker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass only while this process holds the lease; concurrent ticks share the pass in progress', async () => {
    const lease = fakeLease(false);
    const { job, passes, finishAll } = manualJob();
    const worker = new LeasedWorker(job, lease);
    await worker.tick();
    expect(passes()).toBe(0);

    lease.holding = true;
    const first = worker.tick();
    const second = worker.tick();
    expect(second).toBe(first);
    await vi.waitFor(() => expect(passes()).toBe(1));
    finishAll();
    await first;
    expect(passes()).toBe(1);
  });

  it('repeats the pass everyMs after the last ended, logs a failed pass and goes on; stop waits for the pass and gives the lease back', async () => {
    vi.useFakeTimers();
    const lease = fakeLease();
    const errors: string[] = [];
    let passes = 0;
    let finishPass: (() => void) | undefined;
    const worker = new LeasedWorker(
      {
        name: 'test-worker',
        everyMs: 1_000,
        pass: async () => {
          passes += 1;
          if (passes === 1) throw new Error('boom');
          await new Promise<void>((resolve) => (finishPass = resolve));
        },
      },
      lease,
    );
    expect(worker.leads()).toBe(false);
    worker.start({ error: (_obj, msg) => errors.push(msg) });
    expect(worker.leads()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    expect(errors).toEqual(['test-worker tick failed']);
    // The next pass only once everyMs has passed since the failed one ended.
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(2);

    // A pass in progress: stop waits for it, then releases the lease; no pass after it.
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    expect(lease.releases).toBe(0);
    finishPass!();
    await stopping;
    expect(lease.releases).toBe(1);
    expect(worker.leads()).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(2);
  });

  it('start twice runs one loop', async () => {
    vi.useFakeTimers();
    const { job, passes, finishAll } = manualJob(1_000);
    const worker = new LeasedWorker(job, fakeLease());
    worker.start(silentLog);
    worker.start(silentLog);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes()).toBe(1);
    finishAll();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes()).toBe(2);
    finishAll();
    await worker.stop();
  });
});

describe('the app and its workers', () => {
  it('builds the four workers on one registry, refuses a second worker of the same name', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { workers, lotto59, lottery, providers } = t.app.services;
      expect(workers.names).toEqual([
        'lotto59-scheduler',
        'fishing-transfers',
        'lottery-scheduler',
        'ledger-seal',
      ]);
      expect([lotto59.scheduler.name, lottery.scheduler.name, providers.fishingWorker.name]).toEqual([
        'lotto59-scheduler',
        'lottery-scheduler',
        'fishing-transfers',
      ]);
      expect(() =>
        workers.add({ name: 'lottery-scheduler', everyMs: 1_000, pass: async () => undefined }),
      ).toThrow(/two workers named lottery-scheduler/);
      // LOTTO_SCHEDULER=false: built, never started.
      expect(lotto59.scheduler.leads()).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('starts every worker when the app is ready and stops them when it closes (LOTTO_SCHEDULER on)', async () => {
    let added: { passes: number } | undefined;
    const t = await createTestApp('sqlite', { LOTTO_SCHEDULER: 'true' }, (app) => {
      // A fourth worker, added as a module would: started and stopped with the others.
      const counter = { passes: 0 };
      app.services.workers.add({
        name: 'fourth-worker',
        everyMs: 10,
        pass: async () => {
          counter.passes += 1;
        },
      });
      added = counter;
    });
    let closed = false;
    try {
      await vi.waitFor(() => expect(added!.passes).toBeGreaterThan(0));
      const { lotto59, lottery, providers, workers } = t.app.services;
      // One added once the app runs starts at once.
      let late = 0;
      workers.add({ name: 'late-worker', everyMs: 10, pass: async () => void (late += 1) });
      await vi.waitFor(() => expect(late).toBeGreaterThan(0));
      expect([lotto59.scheduler, lottery.scheduler, providers.fishingWorker].map((w) => w.leads())).toEqual([
        true,
        true,
        true,
      ]);
      await t.close();
      closed = true;
      expect([lotto59.scheduler, lottery.scheduler, providers.fishingWorker].map((w) => w.leads())).toEqual([
        false,
        false,
        false,
      ]);
      const after = added!.passes;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(added!.passes).toBe(after);
    } finally {
      if (!closed) await t.close();
    }
  });
});
