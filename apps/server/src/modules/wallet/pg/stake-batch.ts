import type { Clock } from '../../../platform/clock';
import { requestHash } from '../wallet.ledger';
import { stakeBatchCtes } from './stake.repository';
import type {
  PgStakeGame,
  PreparedStake,
  StakeAccounts,
  StakeBatchWriter,
  StakeGame,
  StakeLane,
} from '../wallet.stake-batch';
import { WriteQueue } from '../wallet.write-queue';

/** A game's side of the batches: writes a batch of its own submissions. */
interface LaneRunner {
  writeBatch(entries: readonly QueuedStake[]): Promise<void>;
}

/** A submission in the shared queue; its game keeps the payload (the queue holds every game's). */
interface QueuedStake {
  playerId: number;
  lane: LaneRunner;
}

export interface PgStakeBatchOptions {
  maxDepth: number;
  /** Submissions per batch at most (one statement's parameters grow with it). */
  batchMax?: number | undefined;
  /**
   * Batches sent before the one before has answered (default 1). The second waits in PostgreSQL for the
   * house row the first holds until its commit, but its round trip and the statement's work before the
   * lock overlap the first's commit.
   */
  batchesInFlight?: number | undefined;
}

/**
 * Group commit on PostgreSQL: the submissions that arrive while the batch before is being written share
 * ONE statement of their game — one round trip and one commit — with the stakes as CTEs
 * (pg/stake.repository.ts: the house row locked first and credited once per batch, a conditional
 * debit per player). The house row, which every stake credits, is then held for one commit per batch
 * instead of one per stake.
 *
 * One batch at a time: batches would queue on the house row anyway, and measured, two or more in flight
 * made the batches smaller and placement slower (docs/performance.md). A batch holds one game's
 * submissions and at most one per player (a player's second waits for the next batch), so each player's
 * debit sees the one before.
 */
export class PgStakeBatchWriter implements StakeBatchWriter {
  private readonly queue: WriteQueue<QueuedStake>;
  private readonly batchMax: number;
  private readonly batchesInFlight: number;
  private writing = 0;
  /** Players with a submission in a batch being written: their next one waits (see `pick`). */
  private readonly writingPlayers = new Set<number>();
  private pumpScheduled = false;

  constructor(
    private readonly clock: Clock,
    private readonly accounts: StakeAccounts,
    options: PgStakeBatchOptions,
  ) {
    this.queue = new WriteQueue(options.maxDepth);
    this.batchMax = options.batchMax ?? 256;
    this.batchesInFlight = options.batchesInFlight ?? 1;
  }

  get depth(): number {
    return this.queue.depth;
  }

  get maxDepth(): number {
    return this.queue.maxDepth;
  }

  run<T>(write: () => Promise<T>): Promise<T> {
    return this.queue.run(write);
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  lane<S extends { playerId: number }, A>(game: StakeGame<S, A>): StakeLane<S, A> {
    return new PgLane(this, game.pg());
  }

  /** Queues a submission of `lane` (BUSY when full) and starts a batch on the next turn. */
  enqueue(entry: QueuedStake): void {
    this.queue.push(entry);
    // The submissions of one turn of the event loop start their batch together.
    if (!this.pumpScheduled) {
      this.pumpScheduled = true;
      setImmediate(() => {
        this.pumpScheduled = false;
        this.pump();
      });
    }
  }

  /** A write that is not batched still counts toward the depth (and is refused when full). */
  runAlone<T>(write: () => Promise<T>): Promise<T> {
    return this.queue.run(write);
  }

  /** Stake accounts resolved and request hashes computed for a batch statement. */
  async prepare(
    requests: readonly Omit<PreparedStake, 'playerAccountId' | 'houseAccountId' | 'requestHash'>[],
  ) {
    return Promise.all(
      requests.map(async (r): Promise<PreparedStake> => {
        const { playerAccountId, houseAccountId } = await this.accounts.stakeAccounts(r.playerId);
        const hash = requestHash({ kind: 'bet_stake', fromId: playerAccountId, toId: houseAccountId, ...r });
        return { ...r, playerAccountId, houseAccountId, requestHash: hash };
      }),
    );
  }

  nowMs(): number {
    return this.clock.nowMs();
  }

  private pump(): void {
    while (this.writing < this.batchesInFlight && this.queue.waitingCount > 0) {
      const batch = this.queue.take((waiting) => this.pick(waiting));
      if (batch.length === 0) return; // every waiting player has a batch in flight
      this.writing += 1;
      for (const entry of batch) this.writingPlayers.add(entry.playerId);
      void batch[0]!.lane.writeBatch(batch).finally(() => {
        for (const entry of batch) this.writingPlayers.delete(entry.playerId);
        this.queue.settled(batch.length);
        this.writing -= 1;
        this.pump();
      });
    }
  }

  /**
   * The oldest submissions of the oldest one's game, one per player and none of a player whose bet is in a
   * batch being written (so each debit sees the one before); the others keep their place.
   */
  private pick(waiting: readonly QueuedStake[]) {
    const batch: QueuedStake[] = [];
    const rest: QueuedStake[] = [];
    const players = new Set<number>(this.writingPlayers);
    const lane = waiting.find((p) => !players.has(p.playerId))?.lane;
    for (const p of waiting) {
      if (p.lane === lane && batch.length < this.batchMax && !players.has(p.playerId)) {
        players.add(p.playerId);
        batch.push(p);
      } else rest.push(p);
    }
    return { batch, rest };
  }
}

/** One game's submissions: the payloads stay typed here, the shared queue sees only their entries. */
class PgLane<S extends { playerId: number }, A> implements StakeLane<S, A>, LaneRunner {
  private readonly pending = new Map<
    QueuedStake,
    { sub: S; resolve: (answer: A) => void; reject: (error: unknown) => void }
  >();

  constructor(
    private readonly writer: PgStakeBatchWriter,
    private readonly game: PgStakeGame<S, A>,
  ) {}

  submit(sub: S): Promise<A> {
    if (!this.game.batchable(sub)) return this.writer.runAlone(() => this.game.writeOne(sub));
    return new Promise<A>((resolve, reject) => {
      const entry: QueuedStake = { playerId: sub.playerId, lane: this };
      this.writer.enqueue(entry);
      this.pending.set(entry, { sub, resolve, reject });
    });
  }

  async writeBatch(entries: readonly QueuedStake[]): Promise<void> {
    const items = entries.map((e) => {
      const item = this.pending.get(e);
      this.pending.delete(e);
      return item!;
    });
    this.game.onBatch?.(items.length);
    let unwritten: typeof items;
    try {
      const subs = items.map((i) => i.sub);
      const stakes = await this.writer.prepare(subs.map((s) => this.game.stakeOf(s)));
      const nowMs = this.writer.nowMs();
      const houseAccountId = stakes[0]!.houseAccountId;
      const answers = await this.game.writeBatch(subs, {
        nowMs,
        stakes,
        ctes: (source) => stakeBatchCtes({ houseAccountId, nowMs, source }),
      });
      unwritten = [];
      items.forEach((item, i) => {
        const answer = answers.get(i);
        if (answer === undefined) unwritten.push(item);
        else item.resolve(answer);
      });
    } catch (error) {
      // The statement wrote nothing; each submission is written (or fails) on its own.
      this.game.onBatchFailed?.(error);
      unwritten = items;
    }
    await Promise.all(unwritten.map((i) => this.game.writeOne(i.sub).then(i.resolve, i.reject)));
  }
}
