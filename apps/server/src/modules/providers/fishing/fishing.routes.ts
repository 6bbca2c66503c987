import {
  envelope,
  fishingCloseReplySchema,
  fishingInformationSchema,
  fishingOpenReplySchema,
  fishingProviderQuerySchema,
  fishingSetTokenSchema,
  fishingTokenReplySchema,
  launchQuerySchema,
  launchReplySchema,
  type FishingProvider,
} from '@lotto59/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { union } from 'zod/mini';
import { SOUND_COOKIE } from '../launch/provider-launch.service';
import type { FishingService } from './fishing.service';

/**
 * `/api/fishing/{information,settoken,token}` and `/api/external/{4,5}/url` (providers.md §4, §5): the
 * player's session, the usual guards; settoken changes state, so the XSRF check of every POST applies.
 */
export function fishingRoutes(deps: { fishing: FishingService; guards: onRequestHookHandler[] }) {
  const { fishing, guards } = deps;
  return async (scope: FastifyInstance) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/fishing/information',
      {
        schema: {
          tags: ['fishing'],
          querystring: fishingProviderQuerySchema,
          response: { 200: envelope(fishingInformationSchema) },
        },
        onRequest: guards,
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return { data: await fishing.information(request.auth!.playerId, request.query.provider) };
      },
    );
    api.post(
      '/api/fishing/settoken',
      {
        schema: {
          tags: ['fishing'],
          body: fishingSetTokenSchema,
          response: { 200: envelope(union([fishingOpenReplySchema, fishingCloseReplySchema])) },
        },
        onRequest: guards,
      },
      async (request) => {
        const provider = String(request.body.provider) as FishingProvider;
        const auth = request.auth!;
        // `token: null` closes; no token field opens (providers.md §4).
        if (request.body.token === null) return { data: await fishing.close(auth.playerId, provider) };
        return { data: await fishing.open(auth, provider, request.body.amount) };
      },
    );
    api.get(
      '/api/fishing/token',
      {
        schema: {
          tags: ['fishing'],
          querystring: fishingProviderQuerySchema,
          response: { 200: envelope(fishingTokenReplySchema) },
        },
        onRequest: guards,
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return { data: await fishing.token(request.auth!.playerId, request.query.provider) };
      },
    );
    for (const provider of ['4', '5'] as const) {
      api.get(
        `/api/external/${provider}/url`,
        {
          schema: {
            tags: ['providers'],
            querystring: launchQuerySchema,
            response: { 200: envelope(launchReplySchema) },
          },
          onRequest: guards,
        },
        async (request, reply) => {
          // Fetched on every click and never cached (providers.md §5).
          void reply.header('cache-control', 'no-store');
          const sound = request.cookies[SOUND_COOKIE];
          return { data: await fishing.launch(request.auth!.playerId, provider, request.query, sound) };
        },
      );
    }
  };
}
