import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { WriteQueue } from './wallet.write-queue';

describe('the group-commit write queue', () => {
  it('counts waiting and in-flight submissions, and refuses past its depth with BUSY and Retry-After', () => {
    const queue = new WriteQueue<string>(3);
    queue.push('a');
    queue.push('b');
    expect(queue.take()).toEqual(['a', 'b']);
    queue.push('c');
    expect(queue.depth).toBe(3);
    let refusal: unknown;
    try {
      queue.push('d');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'BUSY',
      status: 503,
      options: { headers: { 'retry-after': '1' } },
    });
    expect(queue.depth).toBe(3);
    queue.settled(2);
    expect(queue.depth).toBe(1);
    queue.push('d');
    expect(queue.take()).toEqual(['c', 'd']);
  });

  it('takes what `pick` chooses and keeps the rest in order', () => {
    const queue = new WriteQueue<number>(10);
    for (const n of [1, 2, 3, 4]) queue.push(n);
    const batch = queue.take((waiting) => ({
      batch: waiting.filter((n) => n % 2 === 0),
      rest: waiting.filter((n) => n % 2 === 1),
    }));
    expect(batch).toEqual([2, 4]);
    expect(queue.waitingCount).toBe(2);
    expect(queue.take()).toEqual([1, 3]);
  });

  it('counts a write run alone, and refuses it when full', async () => {
    const queue = new WriteQueue<string>(1);
    let finish!: () => void;
    const running = queue.run(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(queue.depth).toBe(1);
    await expect(queue.run(async () => 'never')).rejects.toMatchObject({ code: 'BUSY' });
    finish();
    await running;
    expect(queue.depth).toBe(0);
  });

  it('close() refuses new submissions and resolves once the accepted ones are answered', async () => {
    const queue = new WriteQueue<string>(5);
    queue.push('a');
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    expect(() => queue.push('b')).toThrow(AppError);
    const batch = queue.take();
    await Promise.resolve();
    expect(closed).toBe(false);
    queue.settled(batch.length);
    await closing;
    expect(closed).toBe(true);
  });
});
