import type { Db } from '../../../db/database';
import type { PlayerFacts } from '../player-facts';
import { findCallFacts, type CallFactsKey, type CallFactsRow } from './seamless-wallet.repository';

/** Calls' facts read in one statement at most (its three array parameters grow with it). */
const READ_MAX = 256;

/**
 * PostgreSQL: the first read of every bet, win and rollback (its transaction id's record, its token and the
 * token's player), shared by the calls that arrive in the same turn of the event loop: ONE statement for all
 * of them instead of one each (decision 0056). Under load a wallet call's cost is mostly its round trips (the
 * socket write of each query is the server's largest single cost, docs/performance.md), and a provider's
 * calls arrive together. A call waits at most for the end of the turn it arrived in; a read that fails fails
 * every call of it, as its own read would have.
 *
 * The facts are read without locks, as before: what a call then writes is decided again under the move's
 * own conditions (a transaction id that another call committed meanwhile is a replay, decision 0045).
 */
export class CallFactsReader {
  private waiting: {
    key: CallFactsKey;
    resolve: (facts: CallFactsRow) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly player: PlayerFacts['inStatement'],
  ) {}

  read(key: CallFactsKey): Promise<CallFactsRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.waiting;
    this.waiting = [];
    for (let start = 0; start < all.length; start += READ_MAX) {
      const calls = all.slice(start, start + READ_MAX);
      findCallFacts(
        this.db,
        calls.map((c) => c.key),
        this.player,
      ).then(
        (facts) => calls.forEach((c, i) => c.resolve(facts[i]!)),
        (error: unknown) => calls.forEach((c) => c.reject(error)),
      );
    }
  }
}
