import { randomUUID } from 'node:crypto';
import { z } from 'zod/mini';
import { signedHeaders, verify } from './signing';

/*
 * Our side of the casino's seamless wallet (providers.md §3): signed POSTs to
 * `{walletBaseUrl}/wallet/{provider}/{action}`, signed answers checked before they are believed, 5 s per call.
 * Every call ends in one of three outcomes, and the round logic decides on those alone:
 *  - ok: RS_OK;
 *  - refused: a signed business answer with another status (the wallet spoke, nothing moved for it);
 *  - failed: timeout, network error, 5xx, a bad or missing signature, an unreadable body (fate unknown).
 */

export const WALLET_CALL_TIMEOUT_MS = 5_000;

/**
 * The largest bet assumed of a wallet that does not announce its own in the session answer: the default of
 * the casino's `PROVIDER_MAX_BET` (providers.md §3).
 */
export const DEFAULT_WALLET_MAX_BET = 5_000_000;

export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

const int = () => z.number().check(z.int());
/** Statuses are read loosely: an unknown one is still a refusal, not a crash. */
const statusBody = z.looseObject({ status: z.string() });
const balanceBody = z.looseObject({
  status: z.literal('RS_OK'),
  request_uuid: z.string(),
  user: z.string(),
  currency: z.literal('KHR'),
  balance: int(),
});
const sessionBody = z.looseObject({
  status: z.literal('RS_OK'),
  token: z.string().check(z.minLength(10), z.maxLength(255)),
  user: z.string(),
  game_code: z.string(),
  currency: z.literal('KHR'),
  balance: int(),
  expires_at: z.string(),
  /** Our casino's wallet announces the largest bet it takes (decision 0042); another wallet may not. */
  max_bet: z.optional(int()),
});

export type BalanceAnswer = z.infer<typeof balanceBody>;
export type SessionAnswer = z.infer<typeof sessionBody>;

export type WalletOutcome<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'refused'; status: string; body: Record<string, unknown> }
  | { kind: 'failed'; reason: string };

interface RoundRef {
  token: string;
  user: string;
  game_code: string;
  round_id: string;
}
export interface BetCall extends RoundRef {
  transaction_uuid: string;
  amount: number;
  meta?: unknown;
}
export interface WinCall extends RoundRef {
  transaction_uuid: string;
  reference_transaction_uuid: string;
  amount: number;
  round_closed: boolean;
  meta?: unknown;
}
export interface RollbackCall extends RoundRef {
  transaction_uuid: string;
  reference_transaction_uuid: string;
}

export interface WalletClientOptions {
  /** Or a function, read at each call: a host that mounts the studio knows its port only once it listens. */
  baseUrl: string | (() => string);
  /** Provider code → 64-hex secret. */
  secrets: Partial<Record<string, string>>;
  clock?: () => number;
  timeoutMs?: number;
}

export class WalletClient {
  private readonly baseUrlOf: () => string;
  private readonly clock: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly options: WalletClientOptions) {
    const { baseUrl } = options;
    this.baseUrlOf =
      typeof baseUrl === 'string' ? () => baseUrl.replace(/\/+$/, '') : () => baseUrl().replace(/\/+$/, '');
    this.clock = options.clock ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? WALLET_CALL_TIMEOUT_MS;
  }

  hasProvider(provider: string): boolean {
    return this.options.secrets[provider] !== undefined;
  }

  /** Trades the page's one-time launch code for the wallet session (our extra action, providers.md §5). */
  session(provider: string, code: string): Promise<WalletOutcome<SessionAnswer>> {
    return this.call(provider, 'session', { request_uuid: randomUUID(), code }, sessionBody);
  }

  balance(provider: string, ref: Omit<RoundRef, 'round_id'>): Promise<WalletOutcome<BalanceAnswer>> {
    return this.call(provider, 'balance', { request_uuid: randomUUID(), ...ref }, balanceBody);
  }

  bet(provider: string, call: BetCall): Promise<WalletOutcome<BalanceAnswer>> {
    return this.call(provider, 'bet', { request_uuid: randomUUID(), ...call, currency: 'KHR' }, balanceBody);
  }

  /** The body (without request_uuid) is what the outbox keeps, so a retry sends the same business fields. */
  static winBody(call: WinCall): Record<string, unknown> {
    return { ...call, currency: 'KHR' };
  }

  static rollbackBody(call: RollbackCall): Record<string, unknown> {
    return { ...call };
  }

  /** A win or rollback from the outbox: a fresh request_uuid per attempt, the same transaction_uuid (§3). */
  send(
    provider: string,
    action: 'win' | 'rollback',
    body: Record<string, unknown>,
  ): Promise<WalletOutcome<BalanceAnswer>> {
    return this.call(provider, action, { request_uuid: randomUUID(), ...body }, balanceBody);
  }

  private async call<T>(
    provider: string,
    action: string,
    payload: Record<string, unknown>,
    okSchema: z.ZodMiniType<T>,
  ): Promise<WalletOutcome<T>> {
    const secret = this.options.secrets[provider];
    if (secret === undefined) return { kind: 'failed', reason: `no secret for provider ${provider}` };
    const raw = JSON.stringify(payload);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrlOf()}/wallet/${encodeURIComponent(provider)}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(provider, secret, raw, this.clock()),
        },
        body: raw,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return { kind: 'failed', reason: name === 'TimeoutError' ? 'timeout' : `network: ${String(error)}` };
    }
    if (response.status >= 500) return { kind: 'failed', reason: `http ${response.status}` };
    // An unsigned or badly signed answer could come from anything between us and the wallet: not believed.
    const signed = verify(
      secret,
      { timestamp: response.headers.get('x-timestamp'), signature: response.headers.get('x-signature') },
      text,
      this.clock(),
    );
    if (!signed) return { kind: 'failed', reason: `unsigned answer (http ${response.status})` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'failed', reason: 'unreadable answer' };
    }
    const status = statusBody.safeParse(json);
    if (!status.success) return { kind: 'failed', reason: 'answer without status' };
    if (status.data.status !== 'RS_OK')
      return { kind: 'refused', status: status.data.status, body: status.data };
    const ok = okSchema.safeParse(json);
    if (!ok.success) return { kind: 'failed', reason: `malformed RS_OK answer to ${action}` };
    return { kind: 'ok', body: ok.data };
  }
}
