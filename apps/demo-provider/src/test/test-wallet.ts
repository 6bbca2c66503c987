import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small seamless wallet for the studio's tests (providers.md §2–§3), written apart from the studio's own
 * signing code so that a mistake in one is not mirrored in the other: it checks each request's HMAC over the
 * raw bytes, keeps balances, is idempotent by transaction_uuid, leaves tombstones for unknown rollbacks, signs
 * its answers, and can be told to fail (5xx, hang past the timeout, answer unsigned) per action.
 */

export type FailMode = 'http500' | 'hang' | 'unsigned' | 'applyThenHang';
type Action = 'session' | 'balance' | 'bet' | 'win' | 'rollback';

interface Tx {
  action: Action;
  user: string;
  amount: number;
  round: string;
  reference: string | null;
  response: Record<string, unknown>;
  rolledBack?: boolean;
}

export interface WalletCall {
  action: string;
  body: Record<string, unknown>;
  signatureOk: boolean;
}

export class TestWallet {
  readonly balances = new Map<string, number>();
  readonly calls: WalletCall[] = [];
  /** Launch code → session; a code works once. */
  readonly codes = new Map<string, { user: string; token: string; game_code: string; expires_at: string }>();
  /** Per action, how the next calls fail (consumed one per call); `always` keeps failing. */
  readonly failures = new Map<Action, FailMode[]>();
  readonly always = new Map<Action, FailMode>();
  /** The largest bet the session answers announce (`max_bet`, decision 0042); unset, they announce none. */
  announcedMaxBet: number | undefined;
  /** Per user, the room their own limit leaves: a larger bet is refused RS_ERROR_LIMIT_REACHED, as ours does. */
  readonly limitRoom = new Map<string, number>();
  private readonly txs = new Map<string, Tx>();
  private readonly tombstones = new Set<string>();
  private readonly hanging = new Set<ServerResponse>();
  url = '';
  private readonly server = createServer((req, res) => void this.handle(req, res));

  constructor(
    private readonly secrets: Record<string, string>,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Drops every answer held back by `hang`: the caller sees its connection reset. */
  releaseHanging(): void {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  async waitForCall(action: string, count = 1): Promise<void> {
    for (let i = 0; i < 500 && this.callsOf(action).length < count; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    if (this.callsOf(action).length < count) throw new Error(`no ${action} call arrived`);
  }

  issueCode(code: string, user: string, game_code: string, balance: number, ttlMs = 30 * 60_000): string {
    const token = `tok_${code}_${'x'.repeat(32)}`;
    this.codes.set(code, { user, token, game_code, expires_at: new Date(this.now() + ttlMs).toISOString() });
    if (!this.balances.has(user)) this.balances.set(user, balance);
    return token;
  }

  callsOf(action: string): WalletCall[] {
    return this.calls.filter((c) => c.action === action);
  }

  private hmac(secret: string, ts: string, raw: string): string {
    return createHmac('sha256', Buffer.from(secret, 'ascii')).update(`${ts}.${raw}`).digest('hex');
  }

  private send(res: ServerResponse, provider: string, body: Record<string, unknown>, signed = true): void {
    const raw = JSON.stringify(body);
    const ts = String(this.now());
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-provider': provider };
    if (signed)
      Object.assign(headers, {
        'x-timestamp': ts,
        'x-signature': this.hmac(this.secrets[provider]!, ts, raw),
      });
    res.writeHead(200, headers).end(raw);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const match = /^\/wallet\/([^/]+)\/(session|balance|bet|win|rollback)$/.exec(req.url ?? '');
    if (!match || req.method !== 'POST') return void res.writeHead(404).end();
    const provider = decodeURIComponent(match[1]!);
    const action = match[2] as Action;
    const secret = this.secrets[provider];
    const ts = String(req.headers['x-timestamp'] ?? '');
    const sig = String(req.headers['x-signature'] ?? '');
    const expected = secret ? Buffer.from(this.hmac(secret, ts, raw), 'hex') : Buffer.alloc(32);
    const given = /^[0-9a-f]{64}$/.test(sig) ? Buffer.from(sig, 'hex') : Buffer.alloc(32, 1);
    const signatureOk =
      secret !== undefined &&
      req.headers['x-provider'] === provider &&
      timingSafeEqual(expected, given) &&
      Math.abs(this.now() - Number(ts)) <= 300_000;
    const body = JSON.parse(raw) as Record<string, unknown>;
    this.calls.push({ action, body, signatureOk });
    if (!signatureOk) return this.send(res, provider, { status: 'RS_ERROR_INVALID_SIGNATURE' });

    const fail = this.failures.get(action)?.shift() ?? this.always.get(action);
    if (fail === 'http500') return void res.writeHead(500).end('{"status":"boom"}');
    if (fail === 'hang') return void this.hanging.add(res);
    const answer = this.apply(action, body);
    if (fail === 'applyThenHang') return void this.hanging.add(res);
    this.send(res, provider, answer, fail !== 'unsigned');
  }

  private ok(body: Record<string, unknown>, user: string): Record<string, unknown> {
    return {
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      user,
      currency: 'KHR',
      balance: this.balances.get(user) ?? 0,
    };
  }

  private sessionOf(token: unknown): { user: string } | undefined {
    return [...this.codes.values()].find((s) => s.token === token);
  }

  private apply(action: Action, body: Record<string, unknown>): Record<string, unknown> {
    if (action === 'session') {
      const s = this.codes.get(String(body.code));
      if (!s) return { status: 'RS_ERROR_INVALID_TOKEN' };
      this.codes.delete(String(body.code));
      this.codes.set(`used:${String(body.code)}`, s);
      const maxBet = this.announcedMaxBet === undefined ? {} : { max_bet: this.announcedMaxBet };
      return { status: 'RS_OK', ...s, currency: 'KHR', balance: this.balances.get(s.user) ?? 0, ...maxBet };
    }
    const session = this.sessionOf(body.token);
    if (!session || session.user !== body.user) return { status: 'RS_ERROR_INVALID_TOKEN' };
    const user = session.user;
    if (action === 'balance') return this.ok(body, user);

    const id = String(body.transaction_uuid);
    const amount = Number(body.amount ?? 0);
    const reference = (body.reference_transaction_uuid as string | undefined) ?? null;
    const known = this.txs.get(id);
    if (known) {
      const same =
        known.action === action &&
        known.user === user &&
        known.amount === amount &&
        known.round === body.round_id &&
        known.reference === reference;
      return same ? known.response : { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
    }
    const balance = this.balances.get(user) ?? 0;
    const record = (response: Record<string, unknown>) => {
      this.txs.set(id, { action, user, amount, round: String(body.round_id), reference, response });
      return response;
    };
    if (action === 'bet') {
      if (this.tombstones.has(id)) return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
      if (balance < amount) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance };
      if (amount > (this.limitRoom.get(user) ?? Infinity))
        return { status: 'RS_ERROR_LIMIT_REACHED', balance };
      this.balances.set(user, balance - amount);
      return record(this.ok(body, user));
    }
    const bet = reference === null ? undefined : this.txs.get(reference);
    if (action === 'win') {
      if (!bet) return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
      if (bet.rolledBack) return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
      this.balances.set(user, balance + amount);
      return record(this.ok(body, user));
    }
    // rollback
    if (!bet) {
      if (reference !== null) this.tombstones.add(reference);
      return record(this.ok(body, user));
    }
    const won = [...this.txs.values()].some((t) => t.action === 'win' && t.reference === reference);
    if (won) return { status: 'RS_ERROR_UNKNOWN' };
    if (!bet.rolledBack) {
      bet.rolledBack = true;
      this.balances.set(user, balance + bet.amount);
    }
    return record(this.ok(body, user));
  }
}
