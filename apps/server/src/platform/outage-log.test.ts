import { describe, expect, it } from 'vitest';
import { workerErrorLog } from './outage-log';

describe('workerErrorLog', () => {
  it('says a database outage once per interval with the count it silenced; other errors every time', () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    let now = 0;
    const failed = workerErrorLog(
      { error: (obj, msg) => lines.push({ obj: obj as never, msg }) },
      () => now,
      10_000,
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let tick = 0; tick < 50; tick++) {
      failed(refused, 'tick failed');
      now += 200;
    }
    // 50 ticks over 10 s: the first line, then one more once 10 s have passed.
    expect(lines).toHaveLength(1);
    failed(refused, 'tick failed');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.obj).toMatchObject({ database: 'unavailable', code: 'ECONNREFUSED', silenced: 49 });
    expect(lines[1]!.msg).toMatch(/^tick failed: database unavailable/);
    const bug = new TypeError('x is undefined');
    failed(bug, 'tick failed');
    failed(bug, 'tick failed');
    expect(lines.slice(2).map((l) => l.obj.err)).toEqual([bug, bug]);
  });
});
