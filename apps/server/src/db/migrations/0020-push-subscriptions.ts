import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Web push subscriptions (issue 26 item 3, decision 0051): one row per device, keyed by the push service's
 * endpoint (a browser gives each of its subscriptions its own), owned by the player signed in when it
 * subscribed. The keys are the browser's ECDH public key and auth secret (RFC 8291), base64url.
 */
export function pushSubscriptionsSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_player_idx')
        .on('push_subscriptions')
        .column('player_id')
        .execute();
    },
  };
}
