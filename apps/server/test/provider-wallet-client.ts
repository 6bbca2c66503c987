import { createHmac, randomUUID } from 'node:crypto';
import type { WalletReply } from '@lotto59/contract';

/**
 * A provider's server in miniature (providers.md §2): signs each call over "<timestamp>.<raw body>"
 * with its own code of the HMAC, independent of the server's, and checks the signature of each answer.
 */
export class ProviderWalletClient {
  constructor(
    private readonly baseUrl: string,
    readonly provider: string,
    private readonly secret: string,
    /** The server's clock (tests run on a fake one): timestamps outside its window are refused. */
    private readonly nowMs: () => number,
  ) {}

  sign(timestamp: string, body: string, secret = this.secret): string {
    return createHmac('sha256', Buffer.from(secret, 'ascii')).update(`${timestamp}.${body}`).digest('hex');
  }

  /** One call; `tamper` changes what is sent after signing (bad signature, stale timestamp, …). */
  async raw(
    action: string,
    body: string,
    tamper: { timestamp?: string; signature?: string; provider?: string; signedBody?: string } = {},
  ): Promise<{ httpStatus: number; reply: WalletReply; signed: boolean; headers: Headers }> {
    const timestamp = tamper.timestamp ?? String(this.nowMs());
    const signature = tamper.signature ?? this.sign(timestamp, tamper.signedBody ?? body);
    const res = await fetch(`${this.baseUrl}/wallet/${this.provider}/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider': tamper.provider ?? this.provider,
        'x-timestamp': timestamp,
        'x-signature': signature,
      },
      body,
    });
    const text = await res.text();
    const answerTimestamp = res.headers.get('x-timestamp') ?? '';
    const signed = res.headers.get('x-signature') === this.sign(answerTimestamp, text);
    return { httpStatus: res.status, reply: JSON.parse(text) as WalletReply, signed, headers: res.headers };
  }

  async call(action: string, body: Record<string, unknown>): Promise<WalletReply & Record<string, unknown>> {
    const { httpStatus, reply, signed } = await this.raw(action, JSON.stringify(body));
    if (httpStatus !== 200 || !signed) throw new Error(`wallet answered ${httpStatus}, signed: ${signed}`);
    return reply as WalletReply & Record<string, unknown>;
  }
}

export const uuid = () => randomUUID();
