import { analyticsAcceptedSchema, analyticsBatchSchema, envelope } from '@lotto59/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import type { AuthService } from '../auth/auth.service';
import { SESSION_COOKIE } from '../auth/session.plugin';
import type { AnalyticsService } from './analytics.service';

/** Largest body the endpoint reads: 50 events of capped fields fit well inside it. */
const ANALYTICS_BODY_LIMIT_BYTES = 160 * 1024;

/**
 * `POST /api/analytics/events`: a batch of screen views and client errors. Visitors of the public pages
 * may send too (with the anonymous session's XSRF token, like every state change); a signed-in player's
 * events carry the player's id. A session that ended is treated as a visitor, never as an error, so the
 * analytics of a logged-out device cannot raise the "please log in again" alert.
 */
export function analyticsRoutes(deps: { analytics: AnalyticsService; auth: AuthService }) {
  async function playerIdOf(request: FastifyRequest): Promise<number | null> {
    try {
      return (await deps.auth.authenticate(request.cookies[SESSION_COOKIE])).playerId;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return null;
      throw error;
    }
  }

  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/analytics/events',
      {
        bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
        schema: {
          tags: ['analytics'],
          body: analyticsBatchSchema,
          response: { 202: envelope(analyticsAcceptedSchema) },
        },
      },
      async (request, reply) => {
        const playerId = await playerIdOf(request);
        const accepted = await deps.analytics.record(request.body.events, { playerId });
        return reply.code(202).send({ data: { accepted } });
      },
    );
  };
}
