import { createHash, sign, verify as verifySignature, type KeyObject } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  encodeSealMessage,
  type LedgerProof,
  type LedgerPublicKey,
  type LedgerSeal,
} from '@lotto59/contract';
import type { Db, Dialect } from '../../db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './ledger.repository';
import type { LedgerSealsTable } from './ledger.table';
import { inclusionPath, merkleRoot } from './merkle';
import type { SealKey } from './seal-key';
import { leafHashesOf, rangeRootOf, rangeRootOfRows, type RangeRoot } from './seal-range';
import { sealThread } from './seal-thread';

/** The most transfers one seal covers: a backlog (a first start on a big ledger) is sealed in such steps. */
export const SEAL_MAX_ROWS = 100_000;
/** Seals one pass makes at most before it lets the next tick continue. */
const SEALS_PER_PASS = 20;
/**
 * PostgreSQL: pauses before looking again whether the transactions open at the horizon have ended. Most end
 * within milliseconds; a transaction held longer only postpones its ids to a later pass, never loses them.
 */
const RECHECK_MS = [5, 25, 100];
/** Horizons still waiting on open transactions that one sealer remembers (older ones are only dropped, never sealed past). */
const MAX_CANDIDATES = 100;
const ZERO_HASH = '0'.repeat(64);

export type SealProblem = 'changed_row' | 'missing_row' | 'extra_row' | 'broken_chain' | 'bad_signature';

export type VerifyReport =
  | { ok: true; seals: number; transfers: number; sealedThroughId: number | null }
  | { ok: false; seals: number; transfers: number; seq: number; problem: SealProblem; detail: string };

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** Ids and leaf hashes of a range of transfers, in id order. */
interface Leaves {
  ids: number[];
  leaves: Buffer[];
}

function sealMessage(s: LedgerSealsTable): Uint8Array {
  return encodeSealMessage({
    seq: s.seq,
    first_id: s.first_id,
    last_id: s.last_id,
    count: s.count,
    root: Buffer.from(s.root, 'hex'),
    prev_hash: Buffer.from(s.prev_hash, 'hex'),
    sealed_at_ms: s.sealed_at_ms,
  });
}

export function sealView(s: LedgerSealsTable): LedgerSeal {
  return { ...s };
}

/**
 * The sealed ledger (docs/ledger-seal.md, decision 0048): seals the transfers committed since the last seal, answers
 * a player's inclusion proofs, and checks every seal against the rows for `ops ledger verify`.
 */
export class LedgerService {
  private readonly reader: repo.TransferRangeReader;
  private readonly postgres: boolean;
  /** PostgreSQL: sequence values read at a pass, with the transactions open just after. */
  private candidates: { horizon: number; open: ReadonlySet<string> }[] = [];
  private settledHorizon = 0;
  private sequenceChecked: Promise<void> | undefined;
  /** Leaf hashes of the seals proofs were asked of lately (a seal's rows never change). */
  private readonly leafCache = new Map<number, Leaves>();
  /** SQLite in a file: the seals' reads and hashing run on the seal thread, until it fails once. */
  private sealThreadFile: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: SealKey | null,
    dialect: Dialect,
  ) {
    this.reader = new repo.TransferRangeReader(db);
    this.postgres = dialect === 'postgres';
    this.sealThreadFile = repo.sqliteFileOf(db);
  }

  /**
   * Leaf hashes of the transfers with afterId < id <= throughId, at most `limit`: hashed by PostgreSQL in its own
   * process (only 32 bytes a row come back), by this process on SQLite.
   */
  private async leafRange(afterId: number, throughId: number, limit: number): Promise<Leaves> {
    if (this.postgres) return repo.pgLeafRange(this.db, afterId, throughId, limit);
    const rows = await this.reader.range(afterId, throughId, limit);
    return { ids: rows.map((row) => row[0]), leaves: leafHashesOf(rows) };
  }

  /** What a seal of the transfers with afterId < id <= throughId (at most `limit`) needs; null for none. */
  private async rangeRoot(afterId: number, throughId: number, limit: number): Promise<RangeRoot | null> {
    if (this.postgres) {
      const { ids, leaves } = await repo.pgLeafRange(this.db, afterId, throughId, limit);
      return rangeRootOf(ids, leaves);
    }
    const file = this.sealThreadFile;
    if (!file) return rangeRootOfRows(await this.reader.range(afterId, throughId, limit));
    try {
      return await sealThread.root(file, afterId, throughId, limit);
    } catch (error) {
      // This pass fails and the worker logs why; the next passes hash on this thread, as a memory database does.
      this.sealThreadFile = undefined;
      throw error;
    }
  }

  /** Whether this process can seal (it has the key). */
  canSeal(): boolean {
    return this.key !== null;
  }

  publicKey(): LedgerPublicKey | null {
    return this.key && { algorithm: 'Ed25519', public_key: this.key.publicKeyHex, key_id: this.key.keyId };
  }

  /**
   * One pass: seals every transfer below the safe horizon not sealed yet, up to SEALS_PER_PASS seals. Only the
   * lease holder calls it (ledger-seal.worker.ts); reads only, and one insert per seal: no lock on the write path.
   */
  async sealPending(): Promise<LedgerSealsTable[]> {
    const key = this.key;
    if (!key) return [];
    const made: LedgerSealsTable[] = [];
    let last = await repo.lastSeal(this.db);
    const horizon = await this.safeHorizon();
    while (made.length < SEALS_PER_PASS) {
      const afterId = last?.last_id ?? 0;
      if (horizon <= afterId) break;
      const range = await this.rangeRoot(afterId, horizon, SEAL_MAX_ROWS);
      if (!range) break;
      const full = range.count === SEAL_MAX_ROWS;
      const fields = {
        seq: (last?.seq ?? 0) + 1,
        first_id: afterId + 1,
        last_id: full ? range.lastId : horizon,
        count: range.count,
        root: range.root.toString('hex'),
        prev_hash: last?.hash ?? ZERO_HASH,
        sealed_at_ms: this.clock.nowMs(),
      };
      const unsigned = { ...fields, hash: '', signature: '', key_id: key.keyId };
      const message = sealMessage(unsigned);
      const seal: LedgerSealsTable = {
        ...unsigned,
        hash: sha256(message).toString('hex'),
        signature: sign(null, message, key.privateKey).toString('hex'),
      };
      // The primary key on seq refuses a second sealer's seal of the same place in the chain.
      await repo.insertSeal(this.db, seal);
      made.push(seal);
      last = seal;
      if (!full) break;
    }
    return made;
  }

  /**
   * The largest id below which every transfer that will ever commit has committed. SQLite has one writer at a time
   * and AUTOINCREMENT ids, so every later commit holds larger ids than the largest committed now. PostgreSQL hands
   * ids out before commit: an id read from the sequence now is final once every transaction open just after the
   * read has ended (one that took a smaller id had it before the read, so it was open then or done).
   */
  private async safeHorizon(): Promise<number> {
    if (!this.postgres) return repo.maxTransferId(this.db);
    // A sequence that hands each session a block of ids lets a later transaction commit an id below one read
    // from the sequence now: the horizon would not hold. Checked once, before the first seal.
    this.sequenceChecked ??= repo.pgSequenceCache(this.db).then((cache) => {
      if (cache !== 1)
        throw new Error(`the transfers' id sequence caches ${String(cache)} values: sealing needs CACHE 1`);
    });
    await this.sequenceChecked;
    const horizon = await repo.pgSequenceLastValue(this.db);
    const open = new Set(await repo.pgOpenTransactions(this.db));
    this.candidates.push({ horizon, open });
    if (this.candidates.length > MAX_CANDIDATES) this.candidates.shift();
    for (const pause of [0, ...RECHECK_MS]) {
      if (pause > 0) await delay(pause);
      const now = new Set(await repo.pgOpenTransactions(this.db));
      this.settle(now);
      if (this.settledHorizon >= horizon) break;
    }
    return this.settledHorizon;
  }

  private settle(openNow: ReadonlySet<string>): void {
    for (const c of this.candidates) {
      let ended = true;
      for (const vxid of c.open) {
        if (openNow.has(vxid)) {
          ended = false;
          break;
        }
      }
      if (ended && c.horizon > this.settledHorizon) this.settledHorizon = c.horizon;
    }
    this.candidates = this.candidates.filter((c) => c.horizon > this.settledHorizon);
  }

  /** The caller's proof of transfer `transferId`; null when it is not theirs (or does not exist). */
  async proof(playerId: number, transferId: number): Promise<LedgerProof | null> {
    const row = await repo.transferOfPlayer(this.db, transferId, playerId);
    if (!row) return null;
    const seal = await repo.sealCovering(this.db, transferId);
    if (!seal || !this.key) {
      const last = await repo.lastSeal(this.db);
      return { status: 'pending', transfer_id: transferId, sealed_through_id: last?.last_id ?? null };
    }
    let cached = this.leafCache.get(seal.seq);
    if (!cached) {
      cached = await this.leafRange(seal.first_id - 1, seal.last_id, seal.count + 1);
      this.leafCache.set(seal.seq, cached);
      // A few recent seals: a statement's rows sit in the last seals mostly.
      if (this.leafCache.size > 4) this.leafCache.delete(this.leafCache.keys().next().value as number);
    }
    const index = cached.ids.indexOf(transferId);
    const { path } = inclusionPath(cached.leaves, index);
    return {
      status: 'sealed',
      transfer: row,
      leaf_index: index,
      path: path.map((p) => p.toString('hex')),
      seal: sealView(seal),
      public_key: this.key.publicKeyHex,
    };
  }

  async seals(fromSeq: number, limit: number): Promise<LedgerSealsTable[]> {
    return repo.sealsFrom(this.db, fromSeq, limit);
  }

  /**
   * Recomputes every seal from the rows and the chain from seal 1, and stops at the first seal that does not
   * match: its signature (over its own fields), its link to the previous seal, then its rows (fewer: missing,
   * more: extra, as many with another root: changed).
   */
  async verify(
    publicKey: KeyObject,
    onSeal?: (seq: number, transfers: number) => void,
  ): Promise<VerifyReport> {
    let prev: { hash: string; last_id: number; seq: number } | undefined;
    let seals = 0;
    let transfers = 0;
    const fail = (seq: number, problem: SealProblem, detail: string): VerifyReport => ({
      ok: false,
      seals,
      transfers,
      seq,
      problem,
      detail,
    });
    const read = (s: LedgerSealsTable) => this.leafRange(s.first_id - 1, s.last_id, s.count + 1);
    for (let page = await repo.sealsFrom(this.db, 1, 1000); page.length > 0;) {
      // The next seal's rows are read while this one's are hashed (PostgreSQL works in its own process).
      let next = read(page[0] as LedgerSealsTable);
      for (let i = 0; i < page.length; i++) {
        const seal = page[i] as LedgerSealsTable;
        const rowsPromise = next;
        const following = page[i + 1];
        if (following) next = read(following);
        const { leaves } = await rowsPromise;
        const message = sealMessage(seal);
        const hash = sha256(message).toString('hex');
        if (!verifySignature(null, message, publicKey, Buffer.from(seal.signature, 'hex'))) {
          return fail(
            seal.seq,
            'bad_signature',
            'the signature does not match the seal’s fields and the public key',
          );
        }
        const expectedSeq = (prev?.seq ?? 0) + 1;
        if (seal.seq !== expectedSeq)
          return fail(seal.seq, 'broken_chain', `seal ${String(expectedSeq)} is missing`);
        if (seal.prev_hash !== (prev?.hash ?? ZERO_HASH) || seal.hash !== hash) {
          return fail(seal.seq, 'broken_chain', 'prev_hash is not the previous seal’s hash');
        }
        if (seal.first_id !== (prev?.last_id ?? 0) + 1) {
          return fail(seal.seq, 'broken_chain', 'first_id does not follow the previous seal’s last_id');
        }
        if (leaves.length < seal.count) {
          return fail(
            seal.seq,
            'missing_row',
            `${String(seal.count - leaves.length)} transfer(s) of the seal are gone`,
          );
        }
        if (leaves.length > seal.count) {
          return fail(
            seal.seq,
            'extra_row',
            `ids ${String(seal.first_id)}..${String(seal.last_id)} hold more transfers than sealed`,
          );
        }
        if (merkleRoot(leaves).toString('hex') !== seal.root) {
          return fail(seal.seq, 'changed_row', 'a transfer of the seal differs from what was sealed');
        }
        prev = { hash, last_id: seal.last_id, seq: seal.seq };
        seals += 1;
        transfers += leaves.length;
        onSeal?.(seal.seq, transfers);
      }
      await next.catch(() => undefined);
      page = await repo.sealsFrom(this.db, (prev?.seq ?? 0) + 1, 1000);
    }
    return { ok: true, seals, transfers, sealedThroughId: prev?.last_id ?? null };
  }
}
