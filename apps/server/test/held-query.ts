import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../src/db/database';

/*
 * A race held open on purpose: the database as seen by one service, whose next read matching `matches` runs
 * (its snapshot taken, its row locks none) and then waits before its caller sees the rows, until the test
 * releases it. Between the two the test lets another actor run to completion, so "A read, B wrote, A went on
 * with what it read" happens every time instead of once in a thousand runs.
 */
export interface HeldQuery {
  db: Db;
  /** Holds the next matching read; resolves once a read is held. */
  arm(): Promise<void>;
  release(): void;
}

export function holdQuery(db: Db, matches: (node: RootOperationNode) => boolean): HeldQuery {
  let armed = false;
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const held = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (armed && matches(args.node)) {
        armed = false;
        held.add(args.queryId);
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (held.has(args.queryId)) {
        reached();
        await gate;
      }
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    arm() {
      armed = true;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Promise<void>((resolve) => {
        reached = resolve;
      });
    },
    release: () => release(),
  };
}

/** A select from `table` whose text mentions `column` (enough to tell one repository read from another). */
export const selectFrom =
  (table: string, column: string) =>
  (node: RootOperationNode): boolean => {
    if (node.kind !== 'SelectQueryNode') return false;
    const text = JSON.stringify(node);
    return text.includes(`"name":"${table}"`) && text.includes(`"name":"${column}"`);
  };
