import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hmacWords, isServerSeed } from '../fair/stream';
import { assertRule } from '../result';
import { type Club, expectedGoalsMillionths } from './clubs';
import { DEMO_LEAGUE_MARGINS, type FixtureOdds, type Margins, priceFixture, type Score } from './markets';
import { goalsFromWord, goalThresholds } from './poisson';

/*
 * A fixture as published (providers.md §7.4): teams, kick-off, λs, odds and the two goal threshold tables,
 * committed by SHA-256 of its canonical JSON together with SHA-256 of the fixture's seed. Only integers and
 * strings go into the JSON, so the commitment never depends on how a language prints a float.
 */

const FIXTURE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface Fixture {
  readonly id: string;
  /** ISO 8601 UTC, as the schedule wrote it (the rules never read the clock). */
  readonly kickoffAt: string;
  readonly home: string;
  readonly away: string;
  readonly lambdaHomeMillionths: number;
  readonly lambdaAwayMillionths: number;
  readonly odds: FixtureOdds;
  readonly homeThresholds: readonly number[];
  readonly awayThresholds: readonly number[];
}

export function buildFixture(
  id: string,
  kickoffAt: string,
  home: Club,
  away: Club,
  margins: Margins = DEMO_LEAGUE_MARGINS,
): Fixture {
  assertRule(FIXTURE_ID_PATTERN.test(id), `fixture id must be 1-64 characters of [A-Za-z0-9_-]: ${id}`);
  assertRule(home.code !== away.code, 'a club does not play itself');
  const lambda = expectedGoalsMillionths(home, away);
  return {
    id,
    kickoffAt,
    home: home.code,
    away: away.code,
    lambdaHomeMillionths: lambda.home,
    lambdaAwayMillionths: lambda.away,
    odds: priceFixture(lambda.home, lambda.away, margins),
    homeThresholds: goalThresholds(lambda.home / 1e6),
    awayThresholds: goalThresholds(lambda.away / 1e6),
  };
}

type Canonical = string | number | readonly Canonical[] | { readonly [key: string]: Canonical };

/** JSON with keys sorted at every level and no whitespace; numbers must be safe integers. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

function canonicalize(value: unknown): Canonical {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    assertRule(Number.isSafeInteger(value), `only integers are committed: ${value}`);
    return value;
  }
  if (Array.isArray(value)) return value.map(canonicalize);
  assertRule(typeof value === 'object' && value !== null, `cannot commit ${String(value)}`);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, v]) => [key, canonicalize(v)]));
}

export interface FixtureCommitment {
  /** SHA-256 of the seed's 64 ASCII characters. */
  readonly seedHash: string;
  /** SHA-256 of the canonical fixture JSON (UTF-8). */
  readonly fixtureHash: string;
}

export function fixtureCommitment(fixture: Fixture, seed: string): FixtureCommitment {
  assertRule(isServerSeed(seed), 'fixture seed must be 64 lowercase hex characters');
  return {
    seedHash: bytesToHex(sha256(utf8ToBytes(seed))),
    fixtureHash: bytesToHex(sha256(utf8ToBytes(canonicalJson(fixture)))),
  };
}

/** The full-time score: words 0 and 1 of HMAC(seed, "fixture:<id>:0") against the published tables. */
export function deriveScore(
  seed: string,
  fixture: Pick<Fixture, 'id' | 'homeThresholds' | 'awayThresholds'>,
): Score {
  assertRule(isServerSeed(seed), 'fixture seed must be 64 lowercase hex characters');
  const [homeWord, awayWord] = hmacWords(seed, `fixture:${fixture.id}:0`) as [number, number];
  return {
    home: goalsFromWord(homeWord, fixture.homeThresholds),
    away: goalsFromWord(awayWord, fixture.awayThresholds),
  };
}

/**
 * What a player's verifier does with the revealed seed and the published JSON: check both hashes, then derive
 * the score from the committed integer tables (no floating point anywhere). Null when a hash does not match.
 */
export function verifyFixtureResult(
  seed: string,
  publishedJson: string,
  commitment: FixtureCommitment,
): Score | null {
  if (!isServerSeed(seed)) return null;
  if (bytesToHex(sha256(utf8ToBytes(seed))) !== commitment.seedHash) return null;
  if (bytesToHex(sha256(utf8ToBytes(publishedJson))) !== commitment.fixtureHash) return null;
  const fixture = JSON.parse(publishedJson) as Fixture;
  return deriveScore(seed, fixture);
}
