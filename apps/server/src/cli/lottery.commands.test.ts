import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { betBody, ledgerKinds, lotteryPlayer, postBet } from '../../test/lottery-helpers';
import { expectLedgerBalanced } from '../../test/lotto59-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;

// Each command is a new `node --import tsx` process: slow on a shared machine.
vi.setConfig({ testTimeout: 120_000 });

/** The KH sheet of lottery.md §7's test vector (draw 2001), typed by hand as an operator would. */
const KH_SHEET = [
  'A2=04',
  'A3=132',
  'L2=6510,9131,0151',
  'L3=9768',
  'L4=36362,28675,46071,42740,93729,26385,50156',
  'L5=97634,40710',
  'L6=08889',
  'L7=46697',
  'B2=68',
  'B3=304',
  'C2=95',
  'C3=340',
  'D2=91',
  'D3=173',
];

describe.each(TEST_DIALECTS)('lottery operator commands on %s (separate process)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    // The draws of 2026-11-21 (the fake clock's day); the commands run on the real clock, later than that,
    // so every one of these draws is past its cut-off for them.
    t = await createTestApp(dialect);
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(() => t.close());

  async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: { ...process.env, ...t.tdb.env },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('prints the exact RTP table and the draws of a day', async () => {
    const rtp = await ops('lottery', 'rtp');
    expect(rtp.code).toBe(0);
    // lottery.md §4's whole table (rates 100, 80 = configured, 76), typed from the spec.
    const lines = rtp.stdout.split('\n');
    const header = lines.indexOf('bet   price   rate   return');
    expect(lines.slice(header, header + 8)).toEqual([
      'bet   price   rate   return',
      '2D       75   100%   75.00 % (3/4)',
      '2D       75    80%   93.75 % (15/16)  configured',
      '2D       75    76%   ≈98.684 % (75/76)',
      '3D      650   100%   65.00 % (13/20)',
      '3D      650    80%   81.25 % (13/16)  configured',
      '3D      650    76%   ≈85.526 % (65/76)',
      '',
    ]);
    const draws = await ops('lottery', 'draws', '2026-11-21', '--type', 'kh');
    expect(draws.code).toBe(0);
    expect(draws.stdout).toContain('draws of 2026-11-21: 3');
    expect(draws.stdout).toMatch(/KH-4-20261121\s+16:30 cut-off 16:20:00\s+OPEN/);
  });

  it("sets an operator's sheet, shows it, settles it; verifies an engine draw; voids a draw", async () => {
    const set = await ops('lottery', 'result', 'set', 'KH-4-20261121', ...KH_SHEET);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const again = await ops('lottery', 'result', 'set', 'KH-4-20261121', ...KH_SHEET);
    expect(again.code).toBe(1);
    const missing = await ops('lottery', 'result', 'set', 'KH-5-20261121', 'A2=04');
    expect(missing.stderr).toContain('line A3: MISSING');
    const sheet = await ops('lottery', 'sheet', 'KH-4-20261121');
    expect(sheet.stdout).toContain('KH-4-20261121 (KH, DRAWN, MANUAL)');
    expect(sheet.stdout).toContain('L4   7  50156');
    expect(sheet.stdout).toContain('A2   1  04  post A');

    // The engine draws VN-S at its draw time; the worker then settles it and KH-4.
    const vn = await t.app.services.lottery.draws.byRef('VN-S-20261121');
    t.clock.advanceMs(vn.draw_at_ms - t.clock.nowMs());
    await t.app.services.lottery.scheduler.tick();
    expect((await t.app.services.lottery.draws.byRef('VN-S-20261121')).status).toBe('SETTLED');
    expect((await t.app.services.lottery.draws.byRef('KH-4-20261121')).status).toBe('SETTLED');
    const verify = await ops('lottery', 'verify', 'VN-S-20261121');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('hash    ');
    expect(verify.stdout).toContain('sheet   OK');
    expect(verify.stdout).toContain('verified');

    // Two players' tickets on VN-N (still open at 16:15): the void refunds each item's net once.
    const vnN = await t.app.services.lottery.draws.byRef('VN-N-20261121');
    const a = await lotteryPlayer(t, 50_000);
    const b = await lotteryPlayer(t, 50_000);
    const ticketA = await postBet(
      a.browser,
      betBody(vnN.id, 'VN', [
        // VN-N 2D: A = G7 (4 lines) + B = DB (1) → 5 numbers × 5 lines × 1,000 = 25,000 face, 20,000 net.
        { bet_type: '2D', posts: ['A', 'B'], numbers: '10-14', amount: 1000 },
        // 3D ROLL: 23 lines × 100 = 2,300 face, 1,840 net.
        { bet_type: '3D', posts: ['ROLL'], numbers: '123', amount: 100 },
      ]),
    );
    expect(ticketA.statusCode).toBe(200);
    expect(ticketA.json().data.balance).toBe(50_000 - 20_000 - 1_840);
    const ticketB = await postBet(
      b.browser,
      betBody(vnN.id, 'VN', [{ bet_type: '2D', posts: ['B'], numbers: '77', amount: 500 }]),
    );
    expect(ticketB.json().data.balance).toBe(50_000 - 400);

    const voided = await ops('lottery', 'void', 'VN-N-20261121');
    expect(voided.stdout).toContain('VN-N-20261121 is void: 3 items of 2 tickets refunded (22,240 ៛)');
    expect((await t.app.services.lottery.draws.byRef('VN-N-20261121')).status).toBe('VOID');
    const refunds = (await ledgerKinds(t, 'lottery_refund')).filter((r) =>
      r.idempotency_key.includes(':void:'),
    );
    // One refund per ticket, of its live items' net.
    expect(refunds.map((r) => Number(r.amount)).sort((x, y) => x - y)).toEqual([400, 21_840]);
    for (const p of [a, b]) {
      const user = await p.browser.get('/api/user');
      expect(user.json().data.balance).toBe(50_000);
    }
    const items = await a.browser.get(
      `/api/lottery/ticket/items?id=${String(ticketA.json().data.ticket.id)}`,
    );
    expect(items.json().data.items.map((i: { status: string }) => i.status)).toEqual(['VOID', 'VOID']);
    // Once: a second void refunds nothing more.
    const twice = await ops('lottery', 'void', 'VN-N-20261121');
    expect(twice.stdout).toContain('VN-N-20261121 is void: 0 items of 0 tickets refunded');
    expect((await ledgerKinds(t, 'lottery_refund')).length).toBe(refunds.length);
    expect((await a.browser.get('/api/user')).json().data.balance).toBe(50_000);
    await expectLedgerBalanced(t.app, t.tdb.db);
    const settled = await ops('lottery', 'void', 'VN-S-20261121');
    expect(settled.code).toBe(1);
  });
});
