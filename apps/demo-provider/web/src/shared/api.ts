import type {
  DealReply,
  DealRequest,
  DemoPageProvider,
  ExitReply,
  FairRotateReply,
  FishReply,
  HistoryShot,
  ShotReply,
  ShotRequest,
  FairState,
  GameApiError,
  HistoryRound,
  MeReply,
  PlaceSlipReply,
  PlaceSlipRequest,
  SessionReply,
  SlipView,
  SportBoard,
  SpinReply,
  SpinRequest,
} from '../../../src/api/game-api';
import { framingWindow, tellHostStakeRefused } from './host';
import type { ErrorCode } from './i18n';

/** A refusal of the studio's API (its stable code), or NETWORK when no answer came back. */
export class GameApiFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** ODDS_CHANGED: the legs whose odds moved and the odds offered now. */
    readonly changes: GameApiError['changes'] = [],
  ) {
    super(message);
  }
}

const KNOWN_CODES: readonly ErrorCode[] = [
  'INVALID_REQUEST',
  'INVALID_SESSION',
  'SESSION_EXPIRED',
  'INVALID_BET',
  'NOT_ENOUGH_MONEY',
  'LIMIT_REACHED',
  'USER_DISABLED',
  'WALLET_UNAVAILABLE',
  'ODDS_CHANGED',
  'BETTING_CLOSED',
  'FISH_NOT_THERE',
];

/**
 * The pages' only way out: the studio's own API under `/provider/demo/` (apps/demo-provider/src/api/game-api.ts).
 * The session bearer lives in this object only (never in storage): a closed tab ends it, and a new launch
 * brings a new one-time code.
 */
export class GameApi {
  private bearer: string | null = null;

  constructor(
    private readonly base = '/provider/demo/',
    /** Told of a stake the wallet refused by the player's account (shared/host.ts). */
    private readonly host = framingWindow(),
  ) {}

  async openSession(provider: DemoPageProvider, code: string): Promise<SessionReply> {
    const reply = await this.call<SessionReply>('POST', 'api/session', { provider, code });
    this.bearer = reply.session;
    return reply;
  }

  /**
   * A spin or a deal: a lost answer is asked again once with the same request id, which the server replays
   * rather than charging twice, so a flaky line never leaves the player wondering where their bet went.
   */
  spin(body: SpinRequest): Promise<SpinReply> {
    return this.callTwice<SpinReply>('api/slot/spin', body);
  }

  deal(body: DealRequest): Promise<DealReply> {
    return this.callTwice<DealReply>('api/baccarat/deal', body);
  }

  fish(): Promise<FishReply> {
    return this.call<FishReply>('GET', 'api/fishing/fish');
  }

  shoot(body: ShotRequest): Promise<ShotReply> {
    return this.callTwice<ShotReply>('api/fishing/shoot', body);
  }

  /** Sent as the page goes away too: `keepalive` lets the request outlive the page. */
  exitFishing(): Promise<ExitReply> {
    return this.call<ExitReply>('POST', 'api/fishing/exit', {}, true);
  }

  fishingHistory(limit = 30): Promise<HistoryShot[]> {
    return this.call<HistoryShot[]>('GET', `api/fishing/history?limit=${limit}`);
  }

  history(limit = 30): Promise<HistoryRound[]> {
    return this.call<HistoryRound[]>('GET', `api/history?limit=${limit}`);
  }

  me(): Promise<MeReply> {
    return this.call<MeReply>('GET', 'api/me');
  }

  sportBoard(): Promise<SportBoard> {
    return this.call<SportBoard>('GET', 'api/sport/fixtures');
  }

  /** A slip: a lost answer is asked again once with the same request id (replayed, never charged twice). */
  placeSlip(body: PlaceSlipRequest): Promise<PlaceSlipReply> {
    return this.callTwice<PlaceSlipReply>('api/sport/slips', body);
  }

  slips(status: 'open' | 'settled', limit = 30): Promise<SlipView[]> {
    return this.call<SlipView[]>('GET', `api/sport/slips?status=${status}&limit=${limit}`);
  }

  fair(): Promise<FairState> {
    return this.call<FairState>('GET', 'fair');
  }

  setClientSeed(clientSeed: string): Promise<FairState | FairRotateReply> {
    return this.call<FairState | FairRotateReply>('POST', 'fair', { client_seed: clientSeed });
  }

  rotate(): Promise<FairRotateReply> {
    return this.call<FairRotateReply>('POST', 'fair', { rotate: true });
  }

  private async callTwice<T>(path: string, body: unknown): Promise<T> {
    try {
      return await this.call<T>('POST', path, body);
    } catch (error) {
      if (error instanceof GameApiFailure && error.code === 'NETWORK')
        return this.call<T>('POST', path, body);
      throw error;
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, keepalive = false): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.bearer) headers.Authorization = `Bearer ${this.bearer}`;
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        credentials: 'omit',
        keepalive,
      });
    } catch {
      throw new GameApiFailure('NETWORK', 'no answer from the game server');
    }
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok && payload !== null) return payload as T;
    const refusal = payload as Partial<GameApiError> | null;
    const code = KNOWN_CODES.find((known) => known === refusal?.code);
    if ((code === 'LIMIT_REACHED' || code === 'USER_DISABLED') && typeof refusal?.amount === 'number')
      tellHostStakeRefused(this.host, code, refusal.amount);
    // An answer without a known code (a 5xx, a proxy's page): the page cannot tell whether the round happened,
    // so it says what a lost answer says, "check your balance", rather than promise the money did not move.
    throw new GameApiFailure(
      code ?? (response.status === 401 ? 'INVALID_SESSION' : 'NETWORK'),
      refusal?.message ?? `HTTP ${response.status}`,
      refusal?.changes ?? [],
    );
  }
}

/** A rotate answer carries the old pair and the new one; a seed change may answer the new state alone. */
export function fairStateOf(reply: FairState | FairRotateReply): FairState {
  return 'current' in reply ? reply.current : reply;
}
