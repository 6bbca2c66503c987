import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { signBody, verifySignature } from '../src/modules/providers/provider-signing';

/*
 * A stand-in for the studio's transfer endpoints (providers.md §4) as a real HTTP server on 127.0.0.1: it
 * checks our signature over the raw bytes, keeps its own view of each player's in-game balance and of every
 * transfer id (idempotent by id; a `status` of an unknown id writes a tombstone), and answers as the test
 * says — including not at all (the answer lost after the transfer was applied), 503s, or refusals. Every
 * answer echoes the request's `request_uuid` (decision 0041), unless the test replays an old one.
 */

export type Behaviour =
  /** Apply and answer. */
  | 'ok'
  /** Apply, then never answer in time (our call times out with the money at the provider). */
  | 'apply-and-lose-answer'
  /** Neither apply nor answer in time. */
  | 'hang'
  /** 503 without applying (a studio that is down). */
  | 'down'
  /** A business refusal (HTTP 200, RS_ERROR_USER_DISABLED), nothing applied. */
  | 'refuse';

type Action = 'deposit' | 'withdraw' | 'status' | 'balance';

/** A signed answer as it went over the wire. */
export interface RecordedAnswer {
  action: Action;
  body: Record<string, unknown>;
  text: string;
  timestamp: string;
  signature: string;
}

interface Kept {
  direction: 'IN' | 'OUT';
  user: string;
  amount: number;
  state: 'COMPLETED' | 'FAILED' | 'NOT_FOUND';
  answer: Record<string, unknown>;
}

export class FakeTransferProvider {
  readonly behaviour: Record<Action, Behaviour> = {
    deposit: 'ok',
    withdraw: 'ok',
    status: 'ok',
    balance: 'ok',
  };
  /** The provider's view: each user's in-game balance. */
  readonly balances = new Map<string, number>();
  readonly transfers = new Map<string, Kept>();
  /** Every call that passed the signature check, in order. */
  readonly calls: { action: Action; body: Record<string, unknown> }[] = [];
  /** Calls whose signature did not verify (must stay 0). */
  badSignatures = 0;
  /** What the next withdraws report as the session's play. */
  summary = { shots: 0, stake: 0, payout: 0 };
  /** Whether `status` repeats a completed withdraw's summary, as the demo studio does (a provider may not). */
  statusSummary = true;
  /**
   * Each user's last shot (unix ms) as `balance` reports it in `last_shot_at`, as the demo studio does; a
   * user without an entry gets no field at all (a studio that does not report shots).
   */
  readonly lastShots = new Map<string, number | null>();
  /**
   * Answers to send byte for byte instead of the real one (the call itself is applied), by action, each once:
   * what someone who recorded a signed answer earlier would send back within its signature's window (they
   * are kept in `answers`).
   */
  readonly replays: Partial<Record<Action, RecordedAnswer>> = {};
  /** Every answer sent, in order, exactly as signed. */
  readonly answers: RecordedAnswer[] = [];
  private server: Server | undefined;
  private readonly pending = new Set<ServerResponse>();

  constructor(
    private readonly secretHex: string,
    private readonly nowMs: () => number,
    /** How long a lost answer is held back: beyond our client's timeout. */
    private readonly holdMs = 1_500,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}/provider/demo`;
  }

  async stop(): Promise<void> {
    for (const res of this.pending) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  balanceOf(user: number | string): number {
    return this.balances.get(String(user)) ?? 0;
  }

  callsOf(action: Action): number {
    return this.calls.filter((c) => c.action === action).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const action = /\/provider\/demo\/transfer\/(deposit|withdraw|status|balance)$/.exec(
      req.url ?? '',
    )?.[1] as Action | undefined;
    const signed =
      req.headers['x-provider'] === '4' &&
      verifySignature({
        secretHex: this.secretHex,
        timestamp: req.headers['x-timestamp'] as string | undefined,
        signature: req.headers['x-signature'] as string | undefined,
        body: raw,
        nowMs: this.nowMs(),
      });
    if (!action) return void res.writeHead(404).end();
    if (!signed) {
      this.badSignatures += 1;
      return this.reply(action, res, { status: 'RS_ERROR_INVALID_SIGNATURE' });
    }
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    this.calls.push({ action, body });
    const behaviour = this.behaviour[action];
    if (behaviour === 'down') return void res.writeHead(503).end('down');
    if (behaviour === 'hang') return this.hold(res);
    const bound = { request_uuid: body.request_uuid };
    if (behaviour === 'refuse')
      return this.reply(action, res, { status: 'RS_ERROR_USER_DISABLED', ...bound });
    const answer = { ...this.apply(action, body), ...bound };
    if (behaviour === 'apply-and-lose-answer') return this.hold(res);
    const replay = this.replays[action];
    if (replay) {
      // Applied, but what reaches the caller is the recorded answer, byte for byte.
      this.replays[action] = undefined;
      return void res
        .writeHead(200, {
          'content-type': 'application/json',
          'x-provider': '4',
          'x-timestamp': replay.timestamp,
          'x-signature': replay.signature,
        })
        .end(replay.text);
    }
    this.reply(action, res, answer);
  }

  /** The provider's business logic of §4, idempotent by transfer_id. */
  private apply(action: Action, body: Record<string, unknown>): Record<string, unknown> {
    const id = String(body.transfer_id);
    const user = String(body.user);
    if (action === 'balance') {
      const lastShot = this.lastShots.get(user);
      return {
        status: 'RS_OK',
        provider_balance: this.balanceOf(user),
        ...(lastShot === undefined ? {} : { last_shot_at: lastShot }),
      };
    }
    if (action === 'status') {
      const kept = this.transfers.get(id);
      if (!kept) {
        // NOT_FOUND is final: the id can never be used afterwards.
        this.transfers.set(id, { direction: 'IN', user: '', amount: 0, state: 'NOT_FOUND', answer: {} });
        return { status: 'RS_OK', transfer_id: id, state: 'NOT_FOUND', direction: null, amount: 0 };
      }
      const summary = this.statusSummary && kept.direction === 'OUT' ? kept.answer.summary : undefined;
      return {
        status: 'RS_OK',
        transfer_id: id,
        state: kept.state,
        direction: kept.direction,
        amount: kept.amount,
        ...(summary === undefined ? {} : { summary }),
      };
    }
    const kept = this.transfers.get(id);
    if (kept?.state === 'NOT_FOUND') return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', transfer_id: id };
    if (kept) return kept.answer;
    if (action === 'deposit') {
      const amount = Number(body.amount);
      this.balances.set(user, this.balanceOf(user) + amount);
      const answer = { status: 'RS_OK', transfer_id: id, provider_balance: this.balanceOf(user) };
      this.transfers.set(id, { direction: 'IN', user, amount, state: 'COMPLETED', answer });
      return answer;
    }
    const amount = this.balanceOf(user);
    this.balances.set(user, 0);
    const answer = {
      status: 'RS_OK',
      transfer_id: id,
      amount,
      provider_balance: 0,
      summary: { ...this.summary },
    };
    this.transfers.set(id, { direction: 'OUT', user, amount, state: 'COMPLETED', answer });
    return answer;
  }

  private reply(action: Action, res: ServerResponse, answer: Record<string, unknown>): void {
    const text = JSON.stringify(answer);
    const timestamp = String(this.nowMs());
    const signature = signBody(this.secretHex, timestamp, text);
    this.answers.push({ action, body: answer, text, timestamp, signature });
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'x-provider': '4',
        'x-timestamp': timestamp,
        'x-signature': signature,
      })
      .end(text);
  }

  private hold(res: ServerResponse): void {
    this.pending.add(res);
    setTimeout(() => {
      this.pending.delete(res);
      res.destroy();
    }, this.holdMs).unref();
  }
}
