import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './settings.repository';

/** Operator settings shared by every process through the database (maintenance switch, app key). */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  read(key: string): Promise<string | undefined> {
    return repo.readSetting(this.db, key);
  }

  write(key: string, value: string): Promise<void> {
    return repo.writeSetting(this.db, key, value, this.clock.nowMs());
  }

  /** Stores `value` unless the key exists; returns what is stored (the first process to start wins). */
  ensure(key: string, value: string): Promise<string> {
    return repo.ensureSetting(this.db, key, value, this.clock.nowMs());
  }
}
