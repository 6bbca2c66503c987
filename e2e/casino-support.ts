import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Test-only seeding of provider rounds for the casino report. On this branch nothing in the product writes
 * `provider_rounds` yet (the provider wallet arrives with another branch), and an operator command that
 * invents game rounds would be a way to fake play in production: so the browser tests write the rows the
 * wallet would write, straight into the e2e server's SQLite file (WAL and busy_timeout let both share it).
 */
export interface SeedRound {
  provider: '2' | '3';
  roundId: string;
  gameCode: string;
  stake: number;
  payout: number;
  status: 'OPEN' | 'CLOSED' | 'ROLLED_BACK';
  winMeta?: unknown;
  /** How long ago the round began. */
  agoMs: number;
}

export function seedRounds(username: string, rounds: readonly SeedRound[]): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new SQLite(join(dataDir, 'lotto59.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const player = db.prepare('select id from players where username_key = ?').get(username.toLowerCase()) as
      { id: number } | undefined;
    if (!player) throw new Error(`no player ${username}`);
    const insert = db.prepare(
      `insert into provider_rounds
         (provider, round_id, player_id, game_code, stake, payout, status, bet_meta, win_meta, created_at_ms, closed_at_ms)
       values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?)`,
    );
    const now = Date.now();
    db.transaction(() => {
      for (const r of rounds) {
        const at = now - r.agoMs;
        insert.run(
          r.provider,
          r.roundId,
          player.id,
          r.gameCode,
          r.stake,
          r.payout,
          r.status,
          r.winMeta === undefined ? null : JSON.stringify(r.winMeta),
          at,
          r.status === 'OPEN' ? null : at,
        );
      }
    })();
  } finally {
    db.close();
  }
}
