import type { FastifyInstance } from 'fastify';
import { Metrics, registerMetrics } from './plugins/metrics';
import type { Services } from './services';

/** Route patterns of bet placement, counted into bets_placed_total and bets_refused_total. */
const BET_ROUTES = ['/api/bet', '/api/bet/jackpot'];

/**
 * Wires the Prometheus series to the services (composition, like services.ts): the gauges read the
 * shared write queue and the WebSocket server when scraped, and settlement is timed by wrapping the
 * service's `settle` (the scheduler and the operator's calls go through it), so the modules stay
 * unaware of metrics. Must run before the routes are registered.
 */
export function registerAppMetrics(
  app: FastifyInstance,
  services: Pick<Services, 'lotto59' | 'providers' | 'lottery' | 'readYourWrites'>,
  where: { port: number; host: string },
): { address(): string } {
  const { replica } = services.readYourWrites;
  const metrics = new Metrics({
    writeQueueDepth: () => services.lotto59.writeQueueDepth(),
    // @fastify/websocket's server tracks every upgraded socket (registered later by the realtime plugin).
    websocketConnections: () =>
      (app as Partial<Pick<FastifyInstance, 'websocketServer'>>).websocketServer?.clients.size ?? 0,
    lotteryFeedOverdueDraws: () => services.lottery.draws.feedDrawsOverdue(),
    replica: replica && (() => replica),
  });
  const { settlement } = services.lotto59;
  settlement.settle = metrics.timed(metrics.settlementDuration, settlement.settle.bind(settlement));
  // Wallet calls by answer: the statuses are a closed set, and unknown providers and actions are folded
  // into one label each, so that a stranger's paths cannot grow the series.
  const { seamless } = services.providers;
  const call = seamless.call.bind(seamless);
  seamless.call = async (walletCall) => {
    const answer = await call(walletCall);
    metrics.walletCalls.inc({
      provider: answer.secret === null ? 'unknown' : walletCall.provider,
      action: answer.action,
      status: answer.reply.status,
    });
    return answer;
  };
  // The transfer wallet's 24-hour alert (providers.md §4): logged by the module, counted here.
  services.providers.onTransferParked(() => metrics.transfersParked.inc());
  return registerMetrics(app, { metrics, ...where, betRoutes: BET_ROUTES });
}
