import type { onRequestHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { MaintenanceService } from './maintenance.service';

/**
 * onRequest hook of the routes that close during maintenance (503 before anything else is looked at).
 * Decides without waiting while the switch's last reading is fresh, which is nearly always.
 */
export function maintenanceGate(maintenance: MaintenanceService): onRequestHookHandler {
  return (_request, _reply, done) => {
    const on = maintenance.isOnNow();
    if (on === undefined) {
      maintenance.assertOpen().then(() => done(), done);
      return;
    }
    done(on ? new AppError('MAINTENANCE') : undefined);
  };
}
