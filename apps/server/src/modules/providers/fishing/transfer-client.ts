import { randomUUID } from 'node:crypto';
import { signBody, verifySignature } from '../provider-signing';

// Our side of providers.md §4 as a caller: `POST {base}/transfer/{deposit|withdraw|status|balance}`, signed
// as in §2 with us as the caller, the answer's signature checked before it is believed. Every call carries a
// fresh `request_uuid` and an answer counts only if its signed body echoes it (decision 0041): a signature
// proves who wrote an answer, the echoed id proves which question it answers, so an answer recorded for one
// call cannot be replayed within the signature's window as the answer to another.

/** Call timeout (providers.md §3, the same for both directions). */
export const TRANSFER_CALL_TIMEOUT_MS = 5_000;

/** A signed, parsed business answer (HTTP 200); anything else is `unknown`: the outcome is not known. */
export type CallOutcome =
  { kind: 'answer'; body: Record<string, unknown> } | { kind: 'unknown'; reason: string };

export interface TransferClientOptions {
  /** The provider's base, e.g. `http://127.0.0.1:3000/provider/demo` (read at each call: PORT=0). */
  baseUrl: () => string;
  provider: '4';
  secretHex: string;
  nowMs: () => number;
  timeoutMs?: number;
  /**
   * Test-only fault (TRANSFER_FAULT_LOSE_ANSWERS_MS): for this long after a transfer's deposit or withdraw
   * call, the provider's answers about that transfer are dropped as lost once it has acted on the call.
   */
  loseAnswersForMs?: number;
}

export interface DepositReply {
  status: string;
  request_uuid: string;
  transfer_id?: string;
  provider_balance?: number;
}
export interface WithdrawReply {
  status: string;
  request_uuid: string;
  transfer_id?: string;
  amount?: number;
  provider_balance?: number;
  summary?: { shots: number; stake: number; payout: number };
}
export interface StatusReply {
  status: string;
  request_uuid: string;
  transfer_id?: string;
  state?: string;
  direction?: string | null;
  amount?: number;
}
export interface BalanceReply {
  status: string;
  request_uuid: string;
  provider_balance?: number;
  /** When the player's last shot was charged (unix ms), null before any; absent if the studio does not say. */
  last_shot_at?: number | null;
}

/** The provider's transfer endpoints. Never throws: a lost answer is an `unknown` outcome. */
export class TransferClient {
  /** Under the lost-answers fault: when each transfer's deposit or withdraw was first called. */
  private readonly firstCalledMs = new Map<string, number>();

  constructor(private readonly options: TransferClientOptions) {}

  deposit(input: { transferId: string; user: string; amount: number }): Promise<CallOutcome> {
    this.noteFirstCall(input.transferId);
    return this.call('deposit', {
      request_uuid: randomUUID(),
      transfer_id: input.transferId,
      user: input.user,
      amount: input.amount,
      currency: 'KHR',
    });
  }

  withdraw(input: { transferId: string; user: string }): Promise<CallOutcome> {
    this.noteFirstCall(input.transferId);
    return this.call('withdraw', {
      request_uuid: randomUUID(),
      transfer_id: input.transferId,
      user: input.user,
      all: true,
    });
  }

  status(transferId: string): Promise<CallOutcome> {
    return this.call('status', { request_uuid: randomUUID(), transfer_id: transferId });
  }

  balance(user: string): Promise<CallOutcome> {
    return this.call('balance', { request_uuid: randomUUID(), user });
  }

  private noteFirstCall(transferId: string): void {
    const windowMs = this.options.loseAnswersForMs ?? 0;
    if (windowMs <= 0) return;
    const nowMs = this.options.nowMs();
    // Only the transfers still inside their window are kept: the map stays as small as the test's traffic.
    for (const [id, atMs] of this.firstCalledMs) if (nowMs - atMs >= windowMs) this.firstCalledMs.delete(id);
    if (!this.firstCalledMs.has(transferId)) this.firstCalledMs.set(transferId, nowMs);
  }

  /** Whether the fault drops this answer: the call reached the provider, its answer never reaches us. */
  private answerLost(payload: Record<string, unknown>): boolean {
    const windowMs = this.options.loseAnswersForMs ?? 0;
    if (windowMs <= 0 || typeof payload.transfer_id !== 'string') return false;
    const atMs = this.firstCalledMs.get(payload.transfer_id);
    return atMs !== undefined && this.options.nowMs() - atMs < windowMs;
  }

  private async call(
    action: string,
    payload: Record<string, unknown> & { request_uuid: string },
  ): Promise<CallOutcome> {
    const { secretHex, provider } = this.options;
    const body = JSON.stringify(payload);
    const timestamp = String(this.options.nowMs());
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl()}/transfer/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-provider': provider,
          'x-timestamp': timestamp,
          'x-signature': signBody(secretHex, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TRANSFER_CALL_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.name : 'network' };
    }
    if (response.status !== 200) return { kind: 'unknown', reason: `http ${response.status}` };
    if (this.answerLost(payload)) return { kind: 'unknown', reason: 'answer lost (test fault)' };
    // An answer we cannot authenticate is no answer: believing it could move money on a forged word.
    const signed = verifySignature({
      secretHex,
      timestamp: response.headers.get('x-timestamp') ?? undefined,
      signature: response.headers.get('x-signature') ?? undefined,
      body: Buffer.from(text, 'utf8'),
      nowMs: this.options.nowMs(),
    });
    if (!signed) return { kind: 'unknown', reason: 'bad signature' };
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return { kind: 'unknown', reason: 'not an object' };
      }
      const body = parsed as Record<string, unknown>;
      if (body.request_uuid !== payload.request_uuid) return { kind: 'unknown', reason: 'another request' };
      return { kind: 'answer', body };
    } catch {
      return { kind: 'unknown', reason: 'not json' };
    }
  }
}
