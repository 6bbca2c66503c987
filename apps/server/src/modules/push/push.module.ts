import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import { DrawAlerts, PushService } from './push.service';
import { loadVapidKeys } from './vapid-keys';

/** The push services, built once by the composition root (services.ts). */
export function createPush(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger | undefined;
  /** Whether this process runs the draws (the lotto 59 scheduler's lease): only it sends draw alerts. */
  leads: () => boolean;
}) {
  const { config } = deps;
  const service = new PushService(
    deps.db,
    deps.clock,
    {
      keys: loadVapidKeys(config),
      subject: config.VAPID_SUBJECT,
      serviceHosts: config.PUSH_SERVICE_HOSTS,
      insecureEndpoints: config.PUSH_INSECURE_ENDPOINTS,
    },
    deps.log,
  );
  return { service, alerts: new DrawAlerts(service, deps.clock, deps.leads, deps.log) };
}

export type Push = ReturnType<typeof createPush>;
