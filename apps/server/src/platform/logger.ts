import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * The production logger: one JSON line per event on stdout (pino, through Fastify), ISO timestamps, at
 * LOG_LEVEL. The server and the benchmarks' server use this one definition, so the figures of
 * docs/performance.md include exactly the logging operators run with.
 */
export function productionLogger(level: Config['LOG_LEVEL']) {
  return {
    level,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  } satisfies FastifyServerOptions['logger'];
}
