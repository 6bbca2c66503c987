import { overpayingBetTypes } from '@lotto59/domain';
import type { FastifyInstance } from 'fastify';
import type { SessionCookies } from '../auth/session.plugin';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import { betsRoutes } from './bets/bets.routes';
import type { Lotto59 } from './lotto59.module';
import { resultsRoutes } from './results/results.routes';
import { ticketsRoutes } from './tickets/tickets.routes';

/** Every lotto 59 route (its draw scheduler is a worker the app starts and stops: app.ts). */
export function lotto59Routes(deps: {
  lotto59: Lotto59;
  maintenance: MaintenanceService;
  cookies: SessionCookies;
}) {
  const { lotto59, cookies } = deps;
  return async (app: FastifyInstance) => {
    await app.register(betsRoutes({ bets: lotto59.bets, maintenance: deps.maintenance, cookies }));
    await app.register(
      resultsRoutes({ results: lotto59.results, pools: lotto59.pools, cookies, settings: lotto59.settings }),
    );
    await app.register(ticketsRoutes({ ...lotto59, cookies }));
    // decisions §3: say at start when a bet type returns more than it takes with the configured rates.
    const overpaying = overpayingBetTypes(lotto59.settings.rates);
    if (overpaying.length > 0) {
      app.addHook('onReady', async () =>
        app.log.warn(
          { types: overpaying },
          'lotto59: these bet types return more than 100 % (see `ops lotto59 rtp`)',
        ),
      );
    }
  };
}
