import {
  envelope,
  okBodySchema,
  pushKeySchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../auth/session.plugin';
import type { PushService } from './push.service';

/**
 * Web push (decision 0051): the VAPID public key, and this device's subscription on and off. Signed-in
 * players only; the two writes go through the session's XSRF check like every state-changing call.
 */
export function pushRoutes(deps: { push: PushService; cookies: SessionCookies }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v1/push/key',
      {
        schema: { tags: ['push'], response: { 200: envelope(pushKeySchema) } },
        onRequest: deps.cookies.requirePlayer,
      },
      async () => ({ data: { enabled: deps.push.enabled, public_key: deps.push.publicKey() } }),
    );
    r.post(
      '/api/v1/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          body: pushSubscribeRequestSchema,
          response: { 200: envelope(okBodySchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => {
        await deps.push.subscribe(request.auth!.playerId, request.body);
        return { data: { success: true as const } };
      },
    );
    r.delete(
      '/api/v1/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          body: pushUnsubscribeRequestSchema,
          response: { 200: envelope(okBodySchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => {
        await deps.push.unsubscribe(request.auth!.playerId, request.body.endpoint);
        return { data: { success: true as const } };
      },
    );
  };
}
