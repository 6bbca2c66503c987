import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { SettingsService } from '../settings/settings.service';

const MAINTENANCE_KEY = 'maintenance';

/**
 * The operator's maintenance switch. Stored in the database so the command line can flip it for a
 * running server; each process re-reads it at most every `refreshMs`, so a switch takes effect within
 * that time without a restart and without a query on every request.
 */
export class MaintenanceService {
  private cached: { on: boolean; readAtMs: number } | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly refreshMs: number,
  ) {}

  /** The switch as last read, while that reading is fresh; undefined when it must be read again. */
  isOnNow(): boolean | undefined {
    const cached = this.cached;
    return cached && this.clock.nowMs() - cached.readAtMs < this.refreshMs ? cached.on : undefined;
  }

  async isOn(): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    if (!this.cached || nowMs - this.cached.readAtMs >= this.refreshMs) {
      const value = await this.settings.read(MAINTENANCE_KEY);
      this.cached = { on: value === 'on', readAtMs: nowMs };
    }
    return this.cached.on;
  }

  /** Throws the 503 answer while maintenance is on (user detail, bet placement). */
  async assertOpen(): Promise<void> {
    if (await this.isOn()) throw new AppError('MAINTENANCE');
  }

  async set(on: boolean): Promise<void> {
    await this.settings.write(MAINTENANCE_KEY, on ? 'on' : 'off');
    this.cached = undefined;
  }
}
