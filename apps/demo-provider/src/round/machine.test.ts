import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoProviderDb } from '../db/open';
import { DEFAULT_RETRY, type StudioContext } from '../play/context';
import { DIALECTS, openDb, testDb, type TestDb } from '../test/studio';
import { type WalletOutcome, WalletClient, type BalanceAnswer } from '../wallet/wallet-client';
import { ROUND_SUBJECTS, type RoundSubject, STATE_NAMES } from './adapters';
import { moveAndOwe } from './bet';
import {
  closingEvent,
  nextPhase,
  ROUND_EVENTS,
  ROUND_PHASES,
  type RoundEvent,
  type RoundPhase,
  TRANSITIONS,
} from './machine';
import { attemptOutbox } from './outbox';
import { outboxFor } from './store';

/*
 * The one round machine of every game (decision 0052): an event applies only from its one phase, so a late
 * answer (a bet accepted after a restart rolled its round back) or a repeated one (the same RS_OK twice, from
 * the worker and the operator) cannot move a round a second time, nor write a second owed call.
 */

const TERMINAL: readonly RoundPhase[] = ['BET_REFUSED', 'WIN_SENT', 'ROLLED_BACK'];

describe('the round machine (pure)', () => {
  it('gives every event one phase to move from, and no event leads back to where it came from', () => {
    for (const event of ROUND_EVENTS) {
      const from = ROUND_PHASES.filter((p) => nextPhase(p, event) !== null);
      expect(from, event).toEqual([TRANSITIONS[event].from]);
      expect(TRANSITIONS[event].to, event).not.toBe(TRANSITIONS[event].from);
      // Applied once, the same event does not apply again: a repeated answer moves nothing.
      expect(nextPhase(TRANSITIONS[event].to, event), event).toBeNull();
    }
  });

  it('closes a round for good: nothing moves a refused, paid or rolled-back round', () => {
    for (const phase of TERMINAL)
      for (const event of ROUND_EVENTS) expect(nextPhase(phase, event), `${phase} ${event}`).toBeNull();
  });

  it('lets a round that owes a rollback never owe a win (a late bet answer after a rollback)', () => {
    for (const event of ROUND_EVENTS)
      if (nextPhase('ROLLBACK_OWED', event) !== null) expect(TRANSITIONS[event].owes).toBeNull();
    expect(nextPhase('ROLLBACK_OWED', 'BET_ACCEPTED')).toBeNull();
    expect(nextPhase('ROLLBACK_OWED', 'BET_HELD')).toBeNull();
    expect(closingEvent('ROLLBACK')).toBe('ROLLBACK_ACCEPTED');
    expect(closingEvent('WIN')).toBe('WIN_ACCEPTED');
  });
});

/** A wallet that answers every win and rollback RS_OK with the balance it is told to, counting the calls. */
class ScriptedWallet extends WalletClient {
  sent = 0;
  answerBalance = 0;
  constructor() {
    super({ baseUrl: 'http://127.0.0.1:9', secrets: {} });
  }
  override send(): Promise<WalletOutcome<BalanceAnswer>> {
    this.sent += 1;
    return Promise.resolve({
      kind: 'ok',
      body: {
        status: 'RS_OK',
        request_uuid: randomUUID(),
        user: '7',
        currency: 'KHR',
        balance: this.answerBalance,
      },
    });
  }
}

describe.each(DIALECTS)('the round machine on the database (%s)', (dialect) => {
  let place: TestDb;
  let handle: DemoProviderDb;
  let ctx: StudioContext;
  let wallet: ScriptedWallet;
  const NOW = 1_800_000_000_000;
  const SESSION = randomUUID();
  const PAIR = randomUUID();

  beforeAll(async () => {
    place = testDb(dialect);
    handle = await openDb(place);
    wallet = new ScriptedWallet();
    ctx = { db: handle.db, wallet, clock: () => NOW, retry: { ...DEFAULT_RETRY, pollMs: 0 } };
    await handle.db
      .insertInto('page_sessions')
      .values({
        id: SESSION,
        bearer_hash: randomUUID(),
        wallet_token: 'tok',
        user_id: '7',
        provider: '3',
        game_code: 'angkor-fortune',
        created_at: NOW,
        expires_at: NOW + 60_000,
        ttl_ms: 60_000,
        wallet_max_bet: null,
      })
      .execute();
    await handle.db
      .insertInto('seed_pairs')
      .values({
        id: PAIR,
        user_id: '7',
        provider: '3',
        server_seed: 'a'.repeat(64),
        server_seed_hash: 'b'.repeat(64),
        client_seed: 'c',
        next_nonce: 0,
        created_at: NOW,
        rotated_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await handle.close();
    await place.drop();
  });

  let nonce = 0;
  /** A round of `subject` standing in `phase`. */
  async function roundIn(subject: RoundSubject, phase: RoundPhase): Promise<string> {
    const id = randomUUID();
    const common = {
      id,
      session_id: SESSION,
      request_id: id,
      user_id: '7',
      game_code: 'angkor-fortune',
      bet_tx: randomUUID(),
      win_tx: randomUUID(),
      rollback_tx: randomUUID(),
      balance: null,
      error_code: null,
      created_at: NOW,
      updated_at: NOW,
    };
    if (subject === 'ROUND') {
      await handle.db
        .insertInto('rounds')
        .values({
          ...common,
          provider: '3',
          seed_pair_id: PAIR,
          nonce: nonce++,
          client_seed: 'c',
          server_seed_hash: 'b'.repeat(64),
          bet: 1_000,
          win: 500,
          result: '{}',
          meta: '{"stops":[1,2,3,4,5]}',
          state: STATE_NAMES.ROUND[phase],
        })
        .execute();
    } else {
      await handle.db
        .insertInto('sport_slips')
        .values({
          ...common,
          provider: 'sport',
          slip_no: String(1_000_000 + nonce++),
          type: 'SINGLE',
          stake: 1_000,
          odds: 150,
          potential_payout: 1_500,
          state: STATE_NAMES.SLIP[phase],
          status: 'PENDING',
          payout: null,
          meta: '{}',
          settled_at: null,
        })
        .execute();
    }
    return id;
  }

  async function stateOf(
    subject: RoundSubject,
    id: string,
  ): Promise<{ state: string; balance: number | null }> {
    const table = subject === 'ROUND' ? 'rounds' : 'sport_slips';
    return handle.db
      .selectFrom(table)
      .select(['state', 'balance'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  const owedBody = { body: () => ({ owed: true }), now: NOW, dueAt: NOW };

  async function applyTwice(subject: RoundSubject, id: string, event: RoundEvent): Promise<number> {
    let moves = 0;
    for (let i = 0; i < 2; i += 1) {
      const owed = TRANSITIONS[event].owes ? owedBody : undefined;
      const moved = await moveAndOwe(
        ctx.db,
        { subject, id },
        event,
        { balance: 100 + i, updated_at: NOW },
        owed,
      );
      if (moved) moves += 1;
    }
    return moves;
  }

  it('applies every event at most once from any phase, and writes its owed call at most once', async () => {
    for (const subject of ROUND_SUBJECTS)
      for (const phase of ROUND_PHASES)
        for (const event of ROUND_EVENTS) {
          const id = await roundIn(subject, phase);
          const label = `${subject} ${phase} ${event}`;
          const moves = await applyTwice(subject, id, event);
          const applies = TRANSITIONS[event].from === phase;
          expect(moves, label).toBe(applies ? 1 : 0);
          const after = await stateOf(subject, id);
          expect(after.state, label).toBe(STATE_NAMES[subject][applies ? TRANSITIONS[event].to : phase]);
          // The first answer's balance stays: the repeated one changed no row.
          expect(after.balance, label).toBe(applies ? 100 : null);
          const owes = TRANSITIONS[event].owes;
          const calls = await handle.db
            .selectFrom('outbox')
            .select('kind')
            .where('round_id', '=', id)
            .execute();
          expect(calls, label).toEqual(applies && owes ? [{ kind: owes }] : []);
        }
  });

  it('keeps a bet answer that arrives after the round was rolled back from owing a win', async () => {
    for (const subject of ROUND_SUBJECTS) {
      const id = await roundIn(subject, 'BETTING');
      // A restart found the round BETTING and rolled it back; then the lost answer turns up.
      expect(
        await moveAndOwe(ctx.db, { subject, id }, 'BET_FAILED', { updated_at: NOW }, owedBody),
      ).toBeDefined();
      const event = subject === 'ROUND' ? 'BET_ACCEPTED' : 'BET_HELD';
      const late = await moveAndOwe(
        ctx.db,
        { subject, id },
        event,
        { balance: 5, updated_at: NOW },
        event === 'BET_ACCEPTED' ? owedBody : undefined,
      );
      expect(late).toBeUndefined();
      expect((await stateOf(subject, id)).state).toBe(STATE_NAMES[subject].ROLLBACK_OWED);
      expect(await outboxFor(handle.db, subject, id, 'WIN')).toBeUndefined();
      expect(await outboxFor(handle.db, subject, id, 'ROLLBACK')).toBeDefined();
    }
  });

  it('closes a round once when the same owed call is answered RS_OK twice (worker and operator)', async () => {
    for (const subject of ROUND_SUBJECTS) {
      const id = await roundIn(subject, subject === 'ROUND' ? 'BETTING' : 'OPEN');
      const event = subject === 'ROUND' ? 'BET_ACCEPTED' : 'SETTLED';
      await moveAndOwe(ctx.db, { subject, id }, event, { balance: 1, updated_at: NOW }, owedBody);
      const entry = (await outboxFor(handle.db, subject, id, 'WIN'))!;
      wallet.answerBalance = 2_000;
      expect(await attemptOutbox(ctx, entry)).toBe(2_000);
      wallet.answerBalance = 9_999;
      // The same entry, read before the first answer landed, answered again: the round does not move twice.
      await attemptOutbox(ctx, entry);
      expect(await stateOf(subject, id)).toEqual({ state: STATE_NAMES[subject].WIN_SENT, balance: 2_000 });
      expect(await outboxFor(handle.db, subject, id, 'WIN')).toBeUndefined();
    }
  });
});
