// The demo provider's own game API: what its game pages call on its server (under `/provider/demo/api/`).
// This is the studio's private interface, not our wallet's protocol (that is signed HTTP, providers.md §2–§3).
// Types only, shared by the provider's server and its pages. Money is whole riel.

import type { BaccaratBetKind } from '../rules';

/** Provider ids of the demo studio's seamless games (providers.md §1). */
export type DemoSeamlessProvider = '2' | '3' | '5' | 'sport';

/** Every provider a page can open a session with: the seamless ones and the transfer-wallet fishing game (4). */
export type DemoPageProvider = DemoSeamlessProvider | '4';

/** `POST /provider/demo/api/session`: the page trades its one-time launch code for a game session. */
export interface SessionRequest {
  provider: DemoPageProvider;
  code: string;
}
export interface SessionReply {
  /** Bearer for the page's later calls (`Authorization: Bearer …`), kept in memory only. */
  session: string;
  user: string;
  game_code: string;
  currency: 'KHR';
  balance: number;
  expires_at: string;
  /**
   * The largest stake the casino's wallet takes in one bet (its `max_bet`, decision 0042): a game offers no
   * round whose wallet bet would be above it (baccarat: `baccaratTable(max_bet)` of the rules).
   */
  max_bet: number;
  fair: FairState;
}

/** `GET /provider/demo/api/me`: the session's player and the wallet's balance now. */
export type MeReply = Omit<SessionReply, 'session'>;

/** The player's current seed pair for this provider (providers.md §6). */
export interface FairState {
  server_seed_hash: string;
  client_seed: string;
  /** The nonce the next round will use. */
  next_nonce: number;
}

/** `POST /provider/demo/fair` `{client_seed}` sets it; `{rotate:true}` reveals the old seed. */
export interface FairRotateReply {
  previous: { server_seed: string; server_seed_hash: string; client_seed: string; last_nonce: number | null };
  current: FairState;
}

export interface SpinRequest {
  /** One of the line bets of providers.md §7.1 (50 … 2,500 ៛); total = 20 × line bet. */
  line_bet: number;
  /** Idempotency of the page's click: the same id replays the same answer. */
  request_id: string;
}
export interface SpinReply {
  round_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  stops: number[];
  /** window[reel][row], rows top to bottom. */
  window: string[][];
  lines: { line: number; symbol: string; count: number; win: number }[];
  scatter: { count: number; win: number };
  total_bet: number;
  win: number;
  /** The wallet's balance after the win was paid. */
  balance: number;
}

export interface DealRequest {
  bets: { type: BaccaratBetKind; amount: number }[];
  request_id: string;
}
export interface DealReply {
  round_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /** Pool indexes 0..415 in deal order: P1, B1, P2, B2, then P3 and B3 when drawn. */
  deal_order: { hand: 'PLAYER' | 'BANKER'; card: number }[];
  player_cards: number[];
  banker_cards: number[];
  player_score: number;
  banker_score: number;
  outcome: 'PLAYER' | 'BANKER' | 'TIE';
  bets: { type: BaccaratBetKind; amount: number; payout: number }[];
  total_bet: number;
  win: number;
  balance: number;
}

/** `GET /provider/demo/api/history?limit=`: the player's recent rounds of this game, newest first. */
export interface HistoryRound {
  round_id: string;
  game_code: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /** Known once the seed pair has been rotated; until then the round can be checked against the hash later. */
  server_seed: string | null;
  created_at: string;
  total_bet: number;
  win: number;
  /** slot: stops; baccarat: the deal order and outcome. */
  result: { stops: number[] } | { deal_order: DealReply['deal_order']; outcome: DealReply['outcome'] };
}

/** Every refusal the page can receive: HTTP 4xx with a stable code (and 200 for success). */
export interface GameApiError {
  code:
    | 'INVALID_REQUEST'
    | 'INVALID_SESSION'
    | 'SESSION_EXPIRED'
    | 'INVALID_BET'
    | 'NOT_ENOUGH_MONEY'
    | 'LIMIT_REACHED'
    | 'USER_DISABLED'
    | 'WALLET_UNAVAILABLE'
    | 'ODDS_CHANGED'
    | 'BETTING_CLOSED'
    | 'FISH_NOT_THERE';
  message: string;
  /** ODDS_CHANGED only: per leg whose odds moved, its index and the odds offered now (hundredths). */
  changes?: { leg: number; shown: number; current: number }[];
  /**
   * LIMIT_REACHED and USER_DISABLED from the wallet: the stake it refused (riel). The page hands it to the
   * operator's page around the game, which alone knows the player's limits and can say how much room is left.
   */
  amount?: number;
}

/* ---- Demo League, the sportsbook (providers.md §7.4). Odds are integers of hundredths (1.43 → 143). ---- */

export type SportMarket = '1X2' | 'AH' | 'OU';

/** One selection on the slip; AH and O/U carry their line in quarter goals (AH: the home side's line). */
export interface SlipLegRequest {
  fixture_id: string;
  market: SportMarket;
  pick: 'HOME' | 'DRAW' | 'AWAY' | 'OVER' | 'UNDER';
  line_quarters?: number | null;
  /** The odds the page showed; different from the offered odds → 409 ODDS_CHANGED. */
  odds: number;
}

/** `POST /provider/demo/api/sport/slips`: one slip (a single of one leg, or a parlay of 2–8). */
export interface PlaceSlipRequest {
  request_id: string;
  type: 'SINGLE' | 'PARLAY';
  stake: number;
  legs: SlipLegRequest[];
}

export interface SportScore {
  home: number;
  away: number;
}

export interface FixtureOddsView {
  oneXTwo: { home: number; draw: number; away: number };
  handicap: { lineQuarters: number; home: number; away: number };
  total: { lineQuarters: number; over: number; under: number };
}

export interface SportFixture {
  id: string;
  round_index: number;
  match_no: number;
  kickoff_at: string;
  home: { code: string; name: string };
  away: { code: string; name: string };
  state: 'SCHEDULED' | 'FINISHED' | 'VOID';
  score: SportScore | null;
  void_reason: string | null;
  odds: FixtureOddsView;
  /** Expected return per unit of each selection (1X2 home, draw, away; AH home, away; over, under). */
  returns: number[];
  seed_hash: string;
  fixture_hash: string;
}

/** `GET /provider/demo/api/sport/fixtures`: the open fixtures by kick-off, and the latest kicked-off ones. */
export interface SportBoard {
  now: string;
  open: SportFixture[];
  recent: SportFixture[];
}

export interface SlipLegView {
  fixture_id: string;
  fixture: string;
  kickoff_at: string;
  market: SportMarket;
  pick: SlipLegRequest['pick'];
  line_quarters: number | null;
  odds: number;
  /** WIN / HALF_WIN / PUSH / HALF_LOSS / LOSS / VOID once settled. */
  result: string | null;
  score: SportScore | null;
}

export interface SlipView {
  slip_id: string;
  slip_no: string;
  type: 'SINGLE' | 'PARLAY';
  stake: number;
  /** Combined odds in hundredths, floored. */
  odds: number;
  potential_payout: number;
  status: 'PENDING' | 'WON' | 'LOST' | 'HALF_WON' | 'HALF_LOST' | 'PUSH' | 'VOID';
  payout: number | null;
  created_at: string;
  settled_at: string | null;
  legs: SlipLegView[];
}

export interface PlaceSlipReply {
  slip: SlipView;
  balance: number;
}

/** A fish of the session's school (cosmetic path; the server knows who is on screen when). Times in unix ms. */
export interface SchoolFishView {
  id: number;
  kind: string;
  spawn_at: number;
  swim_ms: number;
  from_left: boolean;
  y0: number;
  y1: number;
  bend: number;
}

/** `GET /provider/demo/api/fishing/fish`: the server's clock and the live fish now and in the next seconds. */
export interface FishReply {
  now: number;
  fish: SchoolFishView[];
}

/** `POST /provider/demo/api/fishing/shoot`: one shot at a fish on screen, at cannon level 1..6. */
export interface ShotRequest {
  fish_id: number;
  level: number;
  request_id: string;
}
export interface ShotReply {
  shot_id: string;
  fish_id: number;
  fish: string;
  level: number;
  cost: number;
  captured: boolean;
  /** × cost; 0 when the fish got away. */
  multiplier: number;
  payout: number;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /**
   * Provider 4: the in-game balance after the shot. Provider 5: the wallet's balance plus what the open magazine
   * would return if the player left now (its payouts and unfired bullets).
   */
  balance: number;
  /** Provider 5: the magazine the shot came from (50 shots, one wallet bet). */
  magazine: { level: number; shots_left: number } | null;
}

/** `POST /provider/demo/api/fishing/exit`: provider 5 settles its open magazine (the `win` of §7.3). */
export interface ExitReply {
  balance: number;
}

/** `GET /provider/demo/api/fishing/history?limit=`: the player's recent shots, newest first. */
export interface HistoryShot {
  shot_id: string;
  fish: string;
  level: number;
  cost: number;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string | null;
  created_at: string;
  captured: boolean;
  multiplier: number;
  payout: number;
}
