import type { ColumnType, Generated } from 'kysely';

export interface PlayersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: logins ignore case, and the unique index enforces it. */
  username_key: string;
  password_hash: string;
  enable_lottery: 0 | 1;
  enable_fast_game_play: 0 | 1;
  enabled_poll_1: 0 | 1;
  is_loading: 0 | 1;
  is_demo: 0 | 1;
  /** 1: the operator closed this player's provider games (migration 0005). */
  disabled: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  created_at_ms: number;
  updated_at_ms: number;
}
