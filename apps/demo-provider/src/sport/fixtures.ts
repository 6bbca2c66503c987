import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildFixture,
  canonicalJson,
  DEMO_LEAGUE_CLUBS,
  deriveScore,
  expectedReturn,
  type Fixture,
  fixtureCommitment,
  type FixtureOdds,
  offeredSelections,
  roundRobinRound,
  scoreMatrix,
  selectionPrice,
  type Score,
} from '../rules';
import type { StudioContext } from '../play/context';
import { fixtureIdOf, kickoffOf, nextRoundIndex } from './calendar';
import type { SportSettings } from './settings';
import {
  closeFixture,
  existingFixtureIds,
  type FixtureRow,
  fixtureById,
  fixturesDue,
  insertAudit,
  insertFixtures,
  slipsOnFixture,
} from './store';

/*
 * Demo League's fixtures (providers.md §7.4): published rounds ahead with a commitment (SHA-256 of a fresh
 * 32-byte seed and of the canonical fixture JSON), the full-time score derived from the seed at kick-off +
 * match minutes and the seed revealed with it, and voids (the operator's, or automatic 48 h after kick-off).
 */

export const clubName = (code: string): string =>
  DEMO_LEAGUE_CLUBS.find((c) => c.code === code)?.name ?? code;

/** Publishes every round kicking off after `now` up to `roundsAhead` rounds; returns how many fixtures were new. */
export async function publishAhead(
  ctx: StudioContext,
  settings: SportSettings,
  now: number,
): Promise<number> {
  const first = nextRoundIndex(now, settings);
  const planned = Array.from({ length: settings.roundsAhead }, (_, i) => first + i).flatMap((roundIndex) => {
    const kickoffAt = kickoffOf(roundIndex, settings);
    return roundRobinRound(roundIndex, DEMO_LEAGUE_CLUBS.length).map(([home, away], i) => ({
      id: fixtureIdOf(kickoffAt, i + 1),
      roundIndex,
      matchNo: i + 1,
      kickoffAt,
      home: DEMO_LEAGUE_CLUBS[home]!,
      away: DEMO_LEAGUE_CLUBS[away]!,
    }));
  });
  const existing = await existingFixtureIds(
    ctx.db,
    planned.map((p) => p.id),
  );
  const rows = planned
    .filter((p) => !existing.has(p.id))
    .map((p): FixtureRow => {
      const fixture = buildFixture(p.id, new Date(p.kickoffAt).toISOString(), p.home, p.away);
      const seed = randomBytes(32).toString('hex');
      const commitment = fixtureCommitment(fixture, seed);
      return {
        id: p.id,
        round_index: p.roundIndex,
        match_no: p.matchNo,
        kickoff_at: p.kickoffAt,
        result_at: p.kickoffAt + settings.matchMs,
        home: p.home.code,
        away: p.away.code,
        fixture_json: canonicalJson(fixture),
        seed,
        seed_hash: commitment.seedHash,
        fixture_hash: commitment.fixtureHash,
        state: 'SCHEDULED',
        home_goals: null,
        away_goals: null,
        void_reason: null,
        closed_at: null,
        created_at: now,
      };
    });
  await insertFixtures(ctx.db, rows);
  return rows.length;
}

export const AUTO_VOID_REASON = 'no result 48 h after kick-off';

/**
 * Results every fixture whose full time has come, from its committed seed and tables; a fixture left without a
 * result past the auto-void window (the worker was down) is voided instead, with an audit record.
 */
export async function resultFixtures(
  ctx: StudioContext,
  settings: SportSettings,
  now: number,
): Promise<{ finished: number; voided: number }> {
  let finished = 0;
  let voided = 0;
  for (const row of await fixturesDue(ctx.db, now)) {
    if (now - row.kickoff_at >= settings.autoVoidMs) {
      if (await voidFixture(ctx, row.id, AUTO_VOID_REASON, 'system:auto-void', now)) voided += 1;
      continue;
    }
    const fixture = JSON.parse(row.fixture_json) as Fixture;
    const score = deriveScore(row.seed, fixture);
    if (
      await closeFixture(ctx.db, row.id, {
        state: 'FINISHED',
        home_goals: score.home,
        away_goals: score.away,
        void_reason: null,
        closed_at: now,
      })
    )
      finished += 1;
  }
  return { finished, voided };
}

export type VoidOutcome =
  | { outcome: 'voided'; openSlips: number }
  | { outcome: 'not-found' }
  | { outcome: 'already-closed'; state: FixtureRow['state'] };

/**
 * Voids a fixture that has no result yet (postponed, abandoned, a palpable odds error caught before full time),
 * with an audit record in the same transaction. Its singles are then refunded and its parlay legs count 1.00
 * when the settlement worker next runs.
 */
export async function voidFixtureAudited(
  ctx: StudioContext,
  fixtureId: string,
  reason: string,
  actor: string,
  now: number,
): Promise<VoidOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await fixtureById(trx, fixtureId);
    if (!row) return { outcome: 'not-found' };
    const slips = await slipsOnFixture(trx, fixtureId);
    const moved = await closeFixture(trx, fixtureId, {
      state: 'VOID',
      home_goals: null,
      away_goals: null,
      void_reason: reason,
      closed_at: now,
    });
    if (!moved) return { outcome: 'already-closed', state: row.state };
    const openSlips = slips.filter((s) => s.state === 'OPEN').length;
    await insertAudit(trx, {
      id: randomUUID(),
      at: now,
      actor,
      action: 'VOID_FIXTURE',
      fixture_id: fixtureId,
      reason,
      detail: JSON.stringify({ state_before: row.state, kickoff_at: row.kickoff_at, open_slips: openSlips }),
    });
    return { outcome: 'voided', openSlips };
  });
}

async function voidFixture(
  ctx: StudioContext,
  fixtureId: string,
  reason: string,
  actor: string,
  now: number,
): Promise<boolean> {
  return (await voidFixtureAudited(ctx, fixtureId, reason, actor, now)).outcome === 'voided';
}

export interface FixtureView {
  id: string;
  round_index: number;
  match_no: number;
  kickoff_at: string;
  home: { code: string; name: string };
  away: { code: string; name: string };
  state: FixtureRow['state'];
  score: Score | null;
  void_reason: string | null;
  /** In hundredths: 1X2, the main Asian handicap (home line in quarter goals) and the main over/under line. */
  odds: FixtureOdds;
  /**
   * Expected return per unit staked of each offered selection at its odds, in the order of offeredSelections
   * (1X2 home, draw, away; AH home, away; over, under): the slip multiplies them for a parlay.
   */
  returns: number[];
  seed_hash: string;
  fixture_hash: string;
}

export function fixtureView(row: FixtureRow): FixtureView {
  const fixture = JSON.parse(row.fixture_json) as Fixture;
  const matrix = scoreMatrix(fixture.lambdaHomeMillionths / 1e6, fixture.lambdaAwayMillionths / 1e6);
  return {
    id: row.id,
    round_index: row.round_index,
    match_no: row.match_no,
    kickoff_at: new Date(row.kickoff_at).toISOString(),
    home: { code: row.home, name: clubName(row.home) },
    away: { code: row.away, name: clubName(row.away) },
    state: row.state,
    score:
      row.state === 'FINISHED' && row.home_goals !== null && row.away_goals !== null
        ? { home: row.home_goals, away: row.away_goals }
        : null,
    void_reason: row.void_reason,
    odds: fixture.odds,
    returns: offeredSelections(fixture.odds).map(({ selection, odds }) =>
      expectedReturn(selectionPrice(selection, matrix), odds),
    ),
    seed_hash: row.seed_hash,
    fixture_hash: row.fixture_hash,
  };
}

/** `GET /provider/demo/sport/verify/:id`: everything a verifier needs; the seed once the fixture is over. */
export interface FixtureVerification {
  fixture_id: string;
  state: FixtureRow['state'];
  /** The canonical JSON exactly as committed: SHA-256 of its UTF-8 bytes is fixture_hash. */
  fixture_json: string;
  seed_hash: string;
  fixture_hash: string;
  /** Null until the fixture is FINISHED or VOID. */
  seed: string | null;
  score: Score | null;
  how: string;
}

export async function verification(
  ctx: StudioContext,
  fixtureId: string,
): Promise<FixtureVerification | null> {
  const row = await fixtureById(ctx.db, fixtureId);
  if (!row) return null;
  const revealed = row.state !== 'SCHEDULED';
  return {
    fixture_id: row.id,
    state: row.state,
    fixture_json: row.fixture_json,
    seed_hash: row.seed_hash,
    fixture_hash: row.fixture_hash,
    seed: revealed ? row.seed : null,
    score:
      row.state === 'FINISHED' && row.home_goals !== null && row.away_goals !== null
        ? { home: row.home_goals, away: row.away_goals }
        : null,
    how:
      'Check SHA-256(seed) = seed_hash and SHA-256(fixture_json) = fixture_hash. Let d = HMAC-SHA256(key = seed ' +
      'as ASCII, message = "fixture:<fixture_id>:0"); u0, u1 = its first two big-endian 32-bit words. Home goals ' +
      '= the least k with u0 < homeThresholds[k]; away goals the same with u1 and awayThresholds.',
  };
}
