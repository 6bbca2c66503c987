import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  encodeTransfer,
  hexToBytes,
  ledgerProofSchema,
  ledgerPublicKeySchema,
  type LedgerProofSealed,
} from '@lotto59/contract';
import { riel } from '@lotto59/domain';
import { verify as verifySignature } from 'node:crypto';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { rawSqliteOf } from '../../db/create-db';
import { encodeSealMessage } from '@lotto59/contract';
import { leafHash, rootFromPath } from './merkle';
import { publicKeyFromHex, sealKeyFromSeed } from './seal-key';
import { TransferRangeReader } from './transfer-range.sqlite-pg';

// The sealed ledger on both databases (issue 25 items 3–4, decision 0048): seals, proofs and their access rule,
// `verify` naming the first bad seal for each kind of tampering, and (PostgreSQL) a transaction held open across
// a seal.

type Player = { id: number; username: string; password: string };

/** Seals until the last seal covers `id` (another test file's open transactions on the shared server may delay it). */
async function sealThrough(t: TestContext, id: number): Promise<void> {
  const ledger = t.app.services.ledger.service;
  for (let attempt = 0; attempt < 200; attempt++) {
    await ledger.sealPending();
    const last = (await ledger.seals(1, 1_000_000)).at(-1);
    if (last && last.last_id >= id) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`transfer ${String(id)} was never sealed`);
}

async function deposit(t: TestContext, playerId: number, amount: number): Promise<number> {
  const receipt = await t.app.services.cashier.deposit({
    playerId,
    amount: riel(amount),
    idempotencyKey: `ledger-test-${randomBytes(8).toString('hex')}`,
  });
  return receipt.transferId;
}

/** The checks a player's verifier makes, written here with node:crypto from the doc's steps. */
function checkProof(proof: LedgerProofSealed, publicKeyHex: string): boolean {
  const leaf = leafHash(encodeTransfer(proof.transfer));
  const root = rootFromPath(
    leaf,
    proof.leaf_index,
    proof.seal.count,
    proof.path.map((p) => Buffer.from(p, 'hex')),
  );
  if (!root || root.toString('hex') !== proof.seal.root) return false;
  const message = encodeSealMessage({
    ...proof.seal,
    root: hexToBytes(proof.seal.root),
    prev_hash: hexToBytes(proof.seal.prev_hash),
  });
  return verifySignature(
    null,
    message,
    publicKeyFromHex(publicKeyHex),
    Buffer.from(proof.seal.signature, 'hex'),
  );
}

/** Runs `work` with the transfers' immutability triggers off: how someone with database access would tamper. */
async function withoutTriggers(t: TestContext, work: () => Promise<void>): Promise<void> {
  const { db, dialect } = t.tdb;
  if (dialect === 'postgres') {
    await sql`alter table transfers disable trigger user`.execute(db);
    try {
      await work();
    } finally {
      await sql`alter table transfers enable trigger user`.execute(db);
    }
    return;
  }
  const sqlite = rawSqliteOf(db)!;
  const triggers = sqlite
    .prepare<[], { name: string; sql: string }>(
      "select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'transfers'",
    )
    .all();
  expect(triggers.length).toBeGreaterThan(0);
  for (const trigger of triggers) sqlite.exec(`drop trigger ${trigger.name}`);
  try {
    await work();
  } finally {
    for (const trigger of triggers) sqlite.exec(trigger.sql);
  }
}

describe.each(TEST_DIALECTS)('sealed ledger on %s', (dialect) => {
  let t: TestContext;
  let alice: Player;
  let bob: Player;
  let aliceBrowser: TestBrowser;
  const aliceIds: number[] = [];
  let bobId = 0;

  beforeAll(async () => {
    // Server mode (PostgreSQL) signs only with a configured key; embedded mode makes its own.
    t = await createTestApp(
      dialect,
      dialect === 'postgres' ? { LEDGER_SEAL_KEY: randomBytes(32).toString('hex') } : {},
    );
    alice = await t.newPlayer();
    bob = await t.newPlayer();
    for (let i = 1; i <= 7; i++) aliceIds.push(await deposit(t, alice.id, 1_000 * i));
    // A reference and a Khmer note (four-byte character too): PostgreSQL hashes the strings itself, the
    // proof's check below with the contract's encoder.
    const annotated = await t.app.services.wallet.transfer({
      idempotencyKey: 'ledger-test-annotated',
      kind: 'deposit',
      from: { system: 'house' },
      to: { playerId: alice.id },
      amount: riel(77),
      reference: 'lotto59:ticket:42',
      note: 'ប្រាក់រង្វាន់ 🎲',
    });
    aliceIds.push(annotated.transferId);
    bobId = await deposit(t, bob.id, 500);
    aliceBrowser = new TestBrowser(t.app, '10.25.0.1');
    await aliceBrowser.login(alice.username, alice.password);
  });
  afterAll(() => t.close());

  it('serves the public key without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ledger/public-key' });
    expect(res.statusCode).toBe(200);
    const key = ledgerPublicKeySchema.parse(res.json().data);
    expect(key.public_key).toBe(t.app.services.ledger.key?.publicKeyHex);
  });

  it('answers pending before a seal, then a proof the doc’s steps verify, and refuses others’ transfers', async () => {
    const first = aliceIds[0]!;
    const pending = await aliceBrowser.get(`/api/ledger/proof/${String(first)}`);
    expect(pending.statusCode).toBe(200);
    expect(ledgerProofSchema.parse(pending.json().data)).toEqual({
      status: 'pending',
      transfer_id: first,
      sealed_through_id: null,
    });

    await sealThrough(t, bobId);
    const key = (await t.app.inject({ method: 'GET', url: '/api/ledger/public-key' })).json().data.public_key;
    for (const id of aliceIds) {
      const res = await aliceBrowser.get(`/api/ledger/proof/${String(id)}`);
      expect(res.statusCode).toBe(200);
      const proof = ledgerProofSchema.parse(res.json().data);
      expect(proof.status).toBe('sealed');
      if (proof.status !== 'sealed') return;
      expect(proof.transfer.id).toBe(id);
      expect(checkProof(proof, key)).toBe(true);
      // A changed amount, another leaf position or another key fails the same checks.
      expect(
        checkProof({ ...proof, transfer: { ...proof.transfer, amount: proof.transfer.amount + 1 } }, key),
      ).toBe(false);
      expect(checkProof({ ...proof, leaf_index: (proof.leaf_index + 1) % proof.seal.count }, key)).toBe(
        false,
      );
      expect(checkProof(proof, sealKeyFromSeed(randomBytes(32).toString('hex'), 'env').publicKeyHex)).toBe(
        false,
      );
    }

    // Bob's transfer, an id that does not exist, and no session.
    expect((await aliceBrowser.get(`/api/ledger/proof/${String(bobId)}`)).statusCode).toBe(404);
    expect((await aliceBrowser.get('/api/ledger/proof/999999999')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ledger/proof/${String(first)}` })).statusCode,
    ).toBe(401);

    // A transfer newer than the last seal is pending, with how far the seals reach.
    const newer = await deposit(t, alice.id, 42);
    const after = ledgerProofSchema.parse(
      (await aliceBrowser.get(`/api/ledger/proof/${String(newer)}`)).json().data,
    );
    expect(after).toMatchObject({ status: 'pending', transfer_id: newer });
    await sealThrough(t, newer);
    const sealed = ledgerProofSchema.parse(
      (await aliceBrowser.get(`/api/ledger/proof/${String(newer)}`)).json().data,
    );
    expect(sealed.status).toBe('sealed');
  });

  it.runIf(dialect === 'sqlite')(
    'on SQLite reads and hashes a seal on the seal thread, never on the server’s',
    async () => {
      // The server's own reader is what a seal used before: it must not run. The proofs above check the
      // thread's roots against leaves hashed here.
      const serverThreadReads = vi.spyOn(TransferRangeReader.prototype, 'range');
      try {
        const id = await deposit(t, alice.id, 5);
        await sealThrough(t, id);
        expect(serverThreadReads).not.toHaveBeenCalled();
      } finally {
        serverThreadReads.mockRestore();
      }
    },
  );

  it('refuses to change or delete a seal', async () => {
    await expect(
      sql`update ledger_seals set root = prev_hash where seq = 1`.execute(t.tdb.db),
    ).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_seals where seq = 1`.execute(t.tdb.db)).rejects.toThrow(/immutable/);
  });

  describe('verify names the first bad seal', () => {
    /** Seal numbers and the ids of one transfer in each, once there are four seals with a gap in the third. */
    const target: { seq: number; id: number; gapId: number } = { seq: 0, id: 0, gapId: 0 };

    beforeAll(async () => {
      const ledger = t.app.services.ledger.service;
      const more = [await deposit(t, alice.id, 5), await deposit(t, alice.id, 6)];
      await sealThrough(t, more[1]!);
      // A gap of ids in the next seal, as an aborted transaction leaves on PostgreSQL.
      if (dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('transfers', 'id'), (select max(id) from transfers) + 3)`.execute(
          t.tdb.db,
        );
      } else {
        await sql`update sqlite_sequence set seq = seq + 3 where name = 'transfers'`.execute(t.tdb.db);
      }
      const inGap = [await deposit(t, alice.id, 7), await deposit(t, alice.id, 8)];
      await sealThrough(t, inGap[1]!);
      await sealThrough(t, await deposit(t, alice.id, 9));
      const seals = await ledger.seals(1, 100);
      const gapSeal = seals.find((s) => s.last_id >= inGap[0]! && s.first_id <= inGap[0]!)!;
      expect(gapSeal.seq).toBeLessThan(seals.length);
      target.seq = gapSeal.seq;
      target.id = inGap[1]!;
      target.gapId = inGap[0]! - 1;
      expect(await ledger.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex))).toMatchObject({
        ok: true,
      });
    });

    const verify = () =>
      t.app.services.ledger.service.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex));

    it('a changed row', async () => {
      await withoutTriggers(t, async () => {
        await sql`update transfers set amount = amount + 1 where id = ${target.id}`.execute(t.tdb.db);
      });
      expect(await verify()).toMatchObject({ ok: false, seq: target.seq, problem: 'changed_row' });
      await withoutTriggers(t, async () => {
        await sql`update transfers set amount = amount - 1 where id = ${target.id}`.execute(t.tdb.db);
      });
      expect(await verify()).toMatchObject({ ok: true });
    });

    it('a deleted row', async () => {
      const row = await t.tdb.db
        .selectFrom('transfers')
        .selectAll()
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      await withoutTriggers(t, async () => {
        await sql`delete from transfers where id = ${target.id}`.execute(t.tdb.db);
      });
      expect(await verify()).toMatchObject({ ok: false, seq: target.seq, problem: 'missing_row' });
      await withoutTriggers(t, async () => {
        await t.tdb.db.insertInto('transfers').values(row).execute();
      });
      expect(await verify()).toMatchObject({ ok: true });
    });

    it('an inserted row', async () => {
      const model = await t.tdb.db
        .selectFrom('transfers')
        .selectAll()
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      await t.tdb.db
        .insertInto('transfers')
        .values({ ...model, id: target.gapId, idempotency_key: `forged-${String(target.gapId)}` })
        .execute();
      expect(await verify()).toMatchObject({ ok: false, seq: target.seq, problem: 'extra_row' });
      await withoutTriggers(t, async () => {
        await sql`delete from transfers where id = ${target.gapId}`.execute(t.tdb.db);
      });
      expect(await verify()).toMatchObject({ ok: true });
    });

    it('a broken chain and a bad signature', async () => {
      const ledger = t.app.services.ledger.service;
      const other = publicKeyFromHex(sealKeyFromSeed(randomBytes(32).toString('hex'), 'env').publicKeyHex);
      expect(await ledger.verify(other)).toMatchObject({ ok: false, seq: 1, problem: 'bad_signature' });

      const seals = await ledger.seals(1, 100);
      const removed = seals.find((s) => s.seq === target.seq)!;
      const sealTriggers = async (on: boolean) => {
        if (dialect === 'postgres') {
          await sql
            .raw(`alter table ledger_seals ${on ? 'enable' : 'disable'} trigger user`)
            .execute(t.tdb.db);
        } else if (on) {
          rawSqliteOf(t.tdb.db)!.exec(
            "create trigger ledger_seals_no_delete before delete on ledger_seals begin select raise(abort, 'ledger seals are immutable'); end",
          );
        } else {
          rawSqliteOf(t.tdb.db)!.exec('drop trigger ledger_seals_no_delete');
        }
      };
      await sealTriggers(false);
      try {
        // A seal removed whole: the next one no longer follows its predecessor.
        await sql`delete from ledger_seals where seq = ${removed.seq}`.execute(t.tdb.db);
        expect(await ledger.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex))).toMatchObject({
          ok: false,
          seq: removed.seq + 1,
          problem: 'broken_chain',
        });
        // A seal re-made over changed rows without the key: its signature fails.
        await t.tdb.db
          .insertInto('ledger_seals')
          .values({ ...removed, root: '00'.repeat(32) })
          .execute();
        expect(await ledger.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex))).toMatchObject({
          ok: false,
          seq: removed.seq,
          problem: 'bad_signature',
        });
        await sql`delete from ledger_seals where seq = ${removed.seq}`.execute(t.tdb.db);
        await t.tdb.db.insertInto('ledger_seals').values(removed).execute();
      } finally {
        await sealTriggers(true);
      }
      expect(await ledger.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex))).toMatchObject({
        ok: true,
      });
    });
  });

  // PostgreSQL takes ids before commit; SQLite's one writer commits them in order.
  it.runIf(dialect === 'postgres')(
    'seals a transaction held open across a seal later, never skips it',
    async () => {
      const ledger = t.app.services.ledger.service;
      const held = await t.newPlayer();
      const other = await t.newPlayer();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken!: (id: number) => void;
      const heldIdTaken = new Promise<number>((resolve) => {
        taken = resolve;
      });
      // Takes its id now and commits only when released; from the house, so that it locks neither the cash
      // account nor the player the committed deposits go to.
      const heldTransaction = t.tdb.db.transaction().execute(async (trx) => {
        const receipt = await t.app.services.wallet.transferWithin(trx, {
          idempotencyKey: 'held-open',
          kind: 'deposit',
          from: { system: 'house' },
          to: { playerId: held.id },
          amount: riel(123),
        });
        taken(receipt.transferId);
        await released;
      });
      const heldId = await heldIdTaken;
      let sealsWhileHeld = 0;
      let lastLater = 0;
      try {
        const later = [await deposit(t, other.id, 1), await deposit(t, other.id, 2)];
        expect(later[0]).toBeGreaterThan(heldId);
        lastLater = later[1]!;
        // Committed ids above the held one: no seal may reach it while it is open.
        for (let pass = 0; pass < 3; pass++) await ledger.sealPending();
        const whileHeld = await ledger.seals(1, 1000);
        for (const seal of whileHeld) expect(seal.last_id).toBeLessThan(heldId);
        sealsWhileHeld = whileHeld.length;
      } finally {
        // Released even when an expectation failed: the transaction never outlives the test.
        release();
        await heldTransaction;
      }
      await sealThrough(t, lastLater);
      const seals = await ledger.seals(1, 1000);
      const covering = seals.find((s) => s.first_id <= heldId && s.last_id >= heldId);
      expect(covering?.seq).toBeGreaterThan(sealsWhileHeld);
      expect(await ledger.verify(publicKeyFromHex(t.app.services.ledger.key!.publicKeyHex))).toMatchObject({
        ok: true,
      });
      // Every committed transfer up to the last seal is in a seal: none was skipped.
      const { count } = await t.tdb.db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('id', '<=', seals.at(-1)!.last_id)
        .executeTakeFirstOrThrow();
      expect(seals.reduce((sum, s) => sum + s.count, 0)).toBe(Number(count));
    },
  );
});
