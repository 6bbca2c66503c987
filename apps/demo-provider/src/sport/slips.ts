import { randomUUID } from 'node:crypto';
import type { PlaceSlipReply, PlaceSlipRequest, SlipLegView, SlipView } from '../api/game-api';
import {
  checkSlip,
  type Fixture,
  type LegOutcome,
  legOutcome,
  offeredSelections,
  sameSelection,
  type Selection,
  slipPayout,
  slipStatus,
} from '../rules';
import type { StudioContext } from '../play/context';
import { clubName } from './fixtures';
import { GameError, replayedRefusal } from '../play/errors';
import { touchSession } from '../play/sessions';
import type { PageSession } from '../play/store';
import { SLIP } from '../round/adapters';
import { moveAndOwe, sendBet } from '../round/bet';
import { sendOwed, winBody } from '../round/outbox';
import { tokenOfSession, walletRoundOfSlip } from '../round/store';
import {
  type FixtureRow,
  fixturesByIds,
  insertSlip,
  type LegRow,
  legsOf,
  setLegOutcome,
  slipByRequest,
  type SlipRow,
  slipsOfPlayer,
  slipsReadyToSettle,
  takeSlipNumber,
} from './store';

/*
 * A slip, provider side (providers.md §7.4, §3): checked against the published odds, one wallet `bet`
 * (round_id = slip id, meta {slip_no, type, legs, odds}), then OPEN until every leg's fixture is over, then one
 * `win` (0 allowed, meta {status, legs:[{result, score}]}) in integer maths. A slip is a round of the one round
 * machine (src/round/machine.ts) with the SLIP adapter: its bet is held (OPEN) until its fixtures are over
 * (SETTLED: OPEN → SETTLING with the win owed), and its calls go through the one outbox.
 */

export const SPORT_GAME = { code: 'demo-league', provider: 'sport' } as const;

function selectionOf(leg: PlaceSlipRequest['legs'][number]): Selection {
  const line = leg.line_quarters ?? null;
  if (
    leg.market === '1X2' &&
    (leg.pick === 'HOME' || leg.pick === 'DRAW' || leg.pick === 'AWAY') &&
    line === null
  )
    return { market: '1X2', pick: leg.pick };
  if (leg.market === 'AH' && (leg.pick === 'HOME' || leg.pick === 'AWAY') && line !== null)
    return { market: 'AH', pick: leg.pick, lineQuarters: line };
  if (leg.market === 'OU' && (leg.pick === 'OVER' || leg.pick === 'UNDER') && line !== null)
    return { market: 'OU', pick: leg.pick, lineQuarters: line };
  throw new GameError(
    'INVALID_BET',
    `${leg.market} has no selection ${leg.pick}${line === null ? '' : ` ${line}`}`,
  );
}

const selectionOfLeg = (leg: LegRow): Selection =>
  selectionOf({
    fixture_id: leg.fixture_id,
    market: leg.market,
    pick: leg.pick as 'HOME',
    line_quarters: leg.line_quarters,
    odds: leg.odds,
  });

/** The line as the player reads it for the side picked (AH away takes the opposite of the home line). */
function lineForPick(selection: Selection): number | null {
  if (selection.market === '1X2') return null;
  const quarters =
    selection.market === 'AH' && selection.pick === 'AWAY' ? -selection.lineQuarters : selection.lineQuarters;
  return quarters / 4;
}

/** Combined odds in hundredths, floored: floor(Π o / 100^(n−1)). */
export function combinedOdds(odds: readonly number[]): number {
  const product = odds.reduce((p, o) => p * BigInt(o), 1n);
  return Number(product / 100n ** BigInt(odds.length - 1));
}

const fixtureLabel = (row: FixtureRow) => `${clubName(row.home)} v ${clubName(row.away)}`;

interface CheckedLeg {
  fixtureId: string;
  selection: Selection;
  odds: number;
}

interface CheckedSlip {
  legs: CheckedLeg[];
  potentialPayout: number;
  fixtures: Map<string, FixtureRow>;
}

/** The slip against the published fixtures and odds: pre-match only, the odds the player saw, the limits. */
async function checkAgainstBoard(
  ctx: StudioContext,
  request: PlaceSlipRequest,
  now: number,
): Promise<CheckedSlip> {
  const selections = request.legs.map(selectionOf);
  const rows = await fixturesByIds(
    ctx.db,
    request.legs.map((l) => l.fixture_id),
  );
  const fixtures = new Map(rows.map((r) => [r.id, r]));
  // Pre-match only: a fixture that is unknown, has kicked off, or is over takes no bet.
  if (
    request.legs.some((l) => {
      const row = fixtures.get(l.fixture_id);
      return row === undefined || row.state !== 'SCHEDULED' || row.kickoff_at <= now;
    })
  )
    throw new GameError('BETTING_CLOSED');

  const published = new Map(
    rows.map((r) => [r.id, offeredSelections((JSON.parse(r.fixture_json) as Fixture).odds)]),
  );
  const offered = (fixtureId: string, selection: Selection) =>
    published.get(fixtureId)?.find((s) => sameSelection(s.selection, selection))?.odds;
  const legs = request.legs.map((l, i) => ({
    fixtureId: l.fixture_id,
    selection: selections[i]!,
    odds: l.odds,
  }));
  const checked = checkSlip(request.type, request.stake, legs, offered);
  if (checked.ok) return { legs, potentialPayout: checked.value.potentialPayout, fixtures };
  if (checked.code === 'ODDS_CHANGED')
    throw new GameError('ODDS_CHANGED', undefined, {
      changes: legs.flatMap((leg, i) => {
        const current = offered(leg.fixtureId, leg.selection)!;
        return current === leg.odds ? [] : [{ leg: i, shown: leg.odds, current }];
      }),
    });
  throw new GameError('INVALID_BET', checked.message);
}

/** The slip's row in BETTING, with the bet's wallet meta (providers.md §8: {slip_no, type, legs, odds}). */
function newSlipRow(
  session: PageSession,
  request: PlaceSlipRequest,
  checked: CheckedSlip,
  slipNo: string,
  now: number,
): SlipRow {
  const odds = combinedOdds(checked.legs.map((l) => l.odds));
  const metaLegs = checked.legs.map((leg) => {
    const row = checked.fixtures.get(leg.fixtureId)!;
    return {
      fixture_id: row.id,
      fixture: fixtureLabel(row),
      kickoff_at: new Date(row.kickoff_at).toISOString(),
      market: leg.selection.market,
      selection: leg.selection.pick,
      line: lineForPick(leg.selection),
      odds: leg.odds / 100,
    };
  });
  return {
    id: randomUUID(),
    slip_no: slipNo,
    session_id: session.id,
    request_id: request.request_id,
    user_id: session.user_id,
    provider: session.provider,
    game_code: session.game_code,
    type: request.type,
    stake: request.stake,
    odds,
    potential_payout: checked.potentialPayout,
    state: 'BETTING',
    status: 'PENDING',
    payout: null,
    // Odds as decimals, 2 dp.
    meta: JSON.stringify({ slip_no: slipNo, type: request.type, legs: metaLegs, odds: odds / 100 }),
    bet_tx: randomUUID(),
    win_tx: randomUUID(),
    rollback_tx: randomUUID(),
    balance: null,
    error_code: null,
    created_at: now,
    updated_at: now,
    settled_at: null,
  };
}

/** Stores the slip and its legs, unless a twin request (same request_id) stored one first: then that one. */
async function storeSlipOnce(
  ctx: StudioContext,
  session: PageSession,
  request: PlaceSlipRequest,
  checked: CheckedSlip,
  now: number,
): Promise<{ row: SlipRow; fresh: boolean }> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = newSlipRow(session, request, checked, await takeSlipNumber(trx), now);
      const existing = await slipByRequest(trx, session.id, request.request_id);
      if (existing) return { row: existing, fresh: false };
      await insertSlip(
        trx,
        row,
        checked.legs.map((leg, i) => ({
          slip_id: row.id,
          leg_no: i,
          fixture_id: leg.fixtureId,
          market: leg.selection.market,
          pick: leg.selection.pick,
          line_quarters: leg.selection.market === '1X2' ? null : leg.selection.lineQuarters,
          odds: leg.odds,
          outcome: null,
        })),
      );
      return { row, fresh: true };
    })
    .catch(async (error: unknown) => {
      // A twin request (same request_id) committed first: the unique (session, request) refused this one.
      const twin = await slipByRequest(ctx.db, session.id, request.request_id);
      if (twin) return { row: twin, fresh: false };
      throw error;
    });
}

export async function placeSlip(
  ctx: StudioContext,
  session: PageSession,
  request: PlaceSlipRequest,
): Promise<PlaceSlipReply> {
  requireSport(session);
  const replay = await slipByRequest(ctx.db, session.id, request.request_id);
  if (replay) return replaySlip(ctx, replay);
  const now = ctx.clock();
  const checked = await checkAgainstBoard(ctx, request, now);
  const slip = await storeSlipOnce(ctx, session, request, checked, now);
  if (!slip.fresh) return replaySlip(ctx, slip.row);
  return betSlip(ctx, session, slip.row);
}

function requireSport(session: PageSession): void {
  if (session.game_code !== SPORT_GAME.code || session.provider !== SPORT_GAME.provider)
    throw new GameError('INVALID_SESSION', 'this session is not for the sportsbook');
}

async function replaySlip(ctx: StudioContext, slip: SlipRow): Promise<PlaceSlipReply> {
  switch (slip.state) {
    case 'OPEN':
    case 'SETTLING':
    case 'SETTLED':
      return { slip: (await slipViews(ctx, [slip]))[0]!, balance: slip.balance ?? 0 };
    case 'BETTING':
      throw new GameError(
        'WALLET_UNAVAILABLE',
        'This slip is still waiting for the wallet; try again shortly.',
      );
    default:
      throw replayedRefusal(slip.error_code, slip.stake);
  }
}

async function betSlip(ctx: StudioContext, session: PageSession, slip: SlipRow): Promise<PlaceSlipReply> {
  const bet = await sendBet(ctx, SLIP, session, walletRoundOfSlip(slip));
  await touchSession(ctx, session);
  const view = (await slipViews(ctx, [{ ...slip, state: 'OPEN' }]))[0]!;
  return { slip: view, balance: bet.balance };
}

const scoreText = (row: FixtureRow | undefined): string | null =>
  row?.state === 'FINISHED' ? `${row.home_goals}-${row.away_goals}` : null;

/**
 * Settles every OPEN slip whose fixtures are all over: leg outcomes from the scores (a void fixture voids the
 * leg), payout = floor(stake × Π numerators / Π denominators) in BigInt, and the win (0 allowed) written to the
 * outbox with the slip's new state in one transaction, then sent. Returns how many slips were settled.
 */
export async function settleReadySlips(ctx: StudioContext, batch = 200): Promise<number> {
  const slips = await slipsReadyToSettle(ctx.db, batch);
  if (slips.length === 0) return 0;
  const legs = await legsOf(
    ctx.db,
    slips.map((s) => s.id),
  );
  const fixtures = new Map(
    (await fixturesByIds(ctx.db, [...new Set(legs.map((l) => l.fixture_id))])).map((f) => [f.id, f]),
  );
  let settled = 0;
  for (const slip of slips) {
    const own = legs.filter((l) => l.slip_id === slip.id);
    const outcomes = own.map((leg): LegOutcome => {
      const row = fixtures.get(leg.fixture_id)!;
      return legOutcome(
        selectionOfLeg(leg),
        row.state === 'FINISHED' ? { home: row.home_goals!, away: row.away_goals! } : null,
      );
    });
    const settledLegs = own.map((leg, i) => ({ outcome: outcomes[i]!, odds: leg.odds }));
    const payout = slipPayout(slip.stake, settledLegs);
    const status = slipStatus(settledLegs, payout, slip.stake);
    const now = ctx.clock();
    const token = await tokenOfSession(ctx.db, slip.session_id);
    // providers.md §8: {status, legs:[{result, score}]}, the score "home-away" or null for a void leg.
    const meta = {
      status,
      legs: own.map((leg, i) => ({ result: outcomes[i]!, score: scoreText(fixtures.get(leg.fixture_id)) })),
    };
    const wallet = walletRoundOfSlip(slip);
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const settledSlip = await moveAndOwe(
        trx,
        wallet,
        'SETTLED',
        { updated_at: now },
        { body: () => winBody(wallet, token, payout, meta), now, dueAt: now },
        { status, payout, settled_at: now },
      );
      if (!settledSlip) return false;
      for (const [i, leg] of own.entries()) await setLegOutcome(trx, slip.id, leg.leg_no, outcomes[i]!);
      return true;
    });
    if (!moved) continue;
    settled += 1;
    // A failed attempt stays in the outbox; the studio's worker sends it on the retry schedule.
    await sendOwed(ctx, wallet, 'WIN').catch(() => null);
  }
  return settled;
}

export async function slipViews(ctx: StudioContext, slips: readonly SlipRow[]): Promise<SlipView[]> {
  const legs = await legsOf(
    ctx.db,
    slips.map((s) => s.id),
  );
  const fixtures = new Map(
    (await fixturesByIds(ctx.db, [...new Set(legs.map((l) => l.fixture_id))])).map((f) => [f.id, f]),
  );
  return slips.map((slip) => {
    const metaLegs = (JSON.parse(slip.meta) as { legs: { fixture: string; kickoff_at: string }[] }).legs;
    return {
      slip_id: slip.id,
      slip_no: slip.slip_no,
      type: slip.type,
      stake: slip.stake,
      odds: slip.odds,
      potential_payout: slip.potential_payout,
      status: slip.status as SlipView['status'],
      payout: slip.payout,
      created_at: new Date(slip.created_at).toISOString(),
      settled_at: slip.settled_at === null ? null : new Date(slip.settled_at).toISOString(),
      legs: legs
        .filter((l) => l.slip_id === slip.id)
        .map((leg): SlipLegView => {
          const row = fixtures.get(leg.fixture_id);
          return {
            fixture_id: leg.fixture_id,
            fixture: metaLegs[leg.leg_no]?.fixture ?? leg.fixture_id,
            kickoff_at: metaLegs[leg.leg_no]?.kickoff_at ?? '',
            market: leg.market,
            pick: leg.pick as SlipLegView['pick'],
            line_quarters: leg.line_quarters,
            odds: leg.odds,
            result: leg.outcome,
            score: row?.state === 'FINISHED' ? { home: row.home_goals!, away: row.away_goals! } : null,
          };
        }),
    };
  });
}

export async function listSlips(
  ctx: StudioContext,
  session: PageSession,
  which: 'open' | 'settled',
  limit: number,
): Promise<SlipView[]> {
  requireSport(session);
  return slipViews(ctx, await slipsOfPlayer(ctx.db, session.user_id, which, limit));
}
