import type { PushMessage, PushSubscribeRequest } from '@lotto59/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import * as repo from './push.repository';
import type { VapidKeys } from './vapid-keys';

/** "Your ticket won" waits a day in the push service for a phone that is off: it is still news then. */
export const WON_TTL_SECONDS = 24 * 3600;
/** "The draw starts in 1 minute" is worthless a minute later: the push service drops it after that. */
export const DRAW_SOON_TTL_SECONDS = 60;
/** How far ahead of a draw its alert goes. */
export const DRAW_SOON_LEAD_MS = 60_000;

export interface PushOptions {
  keys: VapidKeys | null;
  subject: string;
  /** Hosts an endpoint may name (`*.` prefix: any sub-domain). */
  serviceHosts: readonly string[];
  /** Tests only: http:// endpoints (a local push endpoint). */
  insecureEndpoints: boolean;
  /** Bound on one push request; a push service that hangs must not hold the others. */
  timeoutMs?: number;
}

type Fetch = typeof fetch;

/**
 * Web push (issue 26 item 3, decision 0051): the subscriptions of each player's devices, and the two
 * messages a player may ask for. Payloads are encrypted for each device (RFC 8291, aes128gcm) and the
 * requests signed with the server's VAPID key (RFC 8292), both by the `web-push` library; the request itself
 * goes out through `fetch`, bounded in time. A 404 or 410 from the push service means the device dropped the
 * subscription: its row goes. Sending never fails a game: it runs after the settlement has committed, and a
 * failure is logged.
 */
export class PushService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: PushOptions,
    private readonly log?: FastifyBaseLogger,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  get enabled(): boolean {
    return this.options.keys !== null;
  }

  publicKey(): string {
    return this.options.keys?.publicKey ?? '';
  }

  async subscribe(playerId: number, body: PushSubscribeRequest): Promise<void> {
    if (!this.enabled) throw new AppError('NOT_FOUND', 'Push notifications are off on this server.');
    if (!this.endpointAllowed(body.endpoint)) {
      throw new AppError('VALIDATION_FAILED', 'This push service is not accepted.');
    }
    await repo.upsert(
      this.db,
      { endpoint: body.endpoint, playerId, p256dh: body.keys.p256dh, auth: body.keys.auth },
      this.clock.nowMs(),
    );
  }

  /** Idempotent: answering the same for a row already gone, so a retried call is not an error. */
  async unsubscribe(playerId: number, endpoint: string): Promise<void> {
    await repo.removeOfPlayer(this.db, playerId, endpoint);
  }

  /** "Your ticket won" to every device of these players; started in the background (see `idle`). */
  ticketWon(game: PushMessage['game'], playerIds: readonly number[]): void {
    const url = game === 'lotto59' ? '/ticket/lotto59' : '/ticket/lottery';
    this.track(this.sendToPlayers(playerIds, { type: 'ticket_won', game, url }, WON_TTL_SECONDS, 'normal'));
  }

  /** "The draw you bet on starts in 1 minute": a short TTL, high urgency (a phone in doze wakes for it). */
  drawSoon(game: PushMessage['game'], playerIds: readonly number[]): void {
    const url = game === 'lotto59' ? '/game/lotto/59' : '/game/lottery/result';
    this.track(
      this.sendToPlayers(playerIds, { type: 'draw_soon', game, url }, DRAW_SOON_TTL_SECONDS, 'high'),
    );
  }

  /**
   * Finds the draws whose start falls in (fromMs, toMs] and alerts their subscribed players (those whose bet
   * was placed at least the lead ahead: a player who bet in the last minute is on the screen). The caller
   * moves the window on each tick so that a draw is alerted once per process (`DrawAlerts`).
   */
  async alertDrawsStarting(fromMs: number, toMs: number): Promise<number> {
    if (!this.enabled) return 0;
    const [lotto59, lottery] = await Promise.all([
      repo.lotto59DrawSoon(this.db, fromMs, toMs, DRAW_SOON_LEAD_MS),
      repo.lotteryDrawSoon(this.db, fromMs, toMs, DRAW_SOON_LEAD_MS),
    ]);
    const lotto59Players = [...new Set(lotto59.map((r) => r.playerId))];
    const lotteryPlayers = [...new Set(lottery.map((r) => r.playerId))];
    if (lotto59Players.length > 0) this.drawSoon('lotto59', lotto59Players);
    if (lotteryPlayers.length > 0) this.drawSoon('lottery', lotteryPlayers);
    return lotto59Players.length + lotteryPlayers.length;
  }

  /** Resolves once every push started so far has been answered (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.log?.warn({ err: error }, 'push: sending failed'));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async sendToPlayers(
    playerIds: readonly number[],
    message: PushMessage,
    ttlSeconds: number,
    urgency: 'normal' | 'high',
  ): Promise<void> {
    const keys = this.options.keys;
    if (!keys || playerIds.length === 0) return;
    const subscriptions = await repo.ofPlayers(this.db, playerIds);
    await Promise.all(subscriptions.map((s) => this.sendOne(keys, s, message, ttlSeconds, urgency)));
  }

  private async sendOne(
    keys: VapidKeys,
    s: repo.StoredSubscription,
    message: PushMessage,
    ttlSeconds: number,
    urgency: 'normal' | 'high',
  ): Promise<void> {
    // Checked again at send time: a row written before PUSH_SERVICE_HOSTS was narrowed is not followed.
    if (!this.endpointAllowed(s.endpoint)) return;
    const request = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(message),
      {
        TTL: ttlSeconds,
        urgency,
        contentEncoding: 'aes128gcm',
        // One per kind and game: a newer alert of the same kind replaces an undelivered older one.
        topic: `${message.type}-${message.game}`.replace(/_/g, '-'),
        vapidDetails: {
          subject: this.options.subject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
      },
    );
    const response = await this.fetchImpl(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await repo.removeEndpoint(this.db, s.endpoint);
      return;
    }
    if (response.status < 200 || response.status > 299) {
      this.log?.warn(
        { status: response.status, playerId: s.playerId },
        'push: the push service refused a message',
      );
    }
  }

  private endpointAllowed(endpoint: string): boolean {
    if (!URL.canParse(endpoint)) return false;
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' && !(this.options.insecureEndpoints && url.protocol === 'http:'))
      return false;
    const host = url.hostname.toLowerCase();
    return this.options.serviceHosts.some((allowed) =>
      allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
    );
  }
}

/**
 * Moves the draw-alert window along the clock: each tick covers the draws starting in
 * (last horizon, now + lead], so each is alerted once by this process. Run by the process that holds
 * the lotto 59 scheduler's lease (one sender in server mode). A restart may skip the window it was down for.
 */
export class DrawAlerts {
  private horizonMs: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly push: PushService,
    private readonly clock: Clock,
    private readonly leads: () => boolean,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async tick(): Promise<number> {
    const toMs = this.clock.nowMs() + DRAW_SOON_LEAD_MS;
    // The first tick looks back one lead: a draw a minute away now, not every draw of the last hour.
    const fromMs = this.horizonMs ?? toMs - 10_000;
    this.horizonMs = toMs;
    if (toMs <= fromMs) return 0;
    return this.push.alertDrawsStarting(fromMs, toMs);
  }

  start(everyMs: number): void {
    if (!this.push.enabled || this.timer) return;
    const run = () => {
      const work = this.leads() ? this.tick() : Promise.resolve(0);
      work
        .catch((error: unknown) => this.log?.warn({ err: error }, 'push: draw alerts failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(run, everyMs);
        });
    };
    this.timer = setTimeout(run, everyMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
