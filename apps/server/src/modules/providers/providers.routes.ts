import { envelope, launchQuerySchema, launchReplySchema, slotGameListSchema } from '@lotto59/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { SessionCookies } from '../auth/session.plugin';
import { fingerprint } from './provider-secrets';
import type { Providers } from './providers.module';
import { maintenanceGate } from '../maintenance/maintenance.gate';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import { signBody } from './provider-signing';
import { SOUND_COOKIE } from './launch/provider-launch.service';
import type { SeamlessWalletService } from './seamless-wallet/seamless-wallet.service';
import { fishingRoutes } from './fishing/fishing.routes';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The providers' HTTP surface: the signed seamless-wallet calls (`/wallet/…`, authenticated by their
 * signature alone) and the player's launch routes (`/api/external/…`, session and the usual guards).
 */
export function providersRoutes(deps: {
  providers: Providers;
  cookies: SessionCookies;
  maintenance: MaintenanceService;
  clock: Clock;
}) {
  const { providers } = deps;
  return async (app: FastifyInstance) => {
    await app.register(walletRoutes({ wallet: providers.seamless, clock: deps.clock }));
    // providers.md "Settled choices": the server prints each game's RTP at start; and which secrets it
    // signs with (fingerprints only), so that an operator can compare them with the studio's.
    app.addHook('onReady', async () => {
      app.log.info({ games: providers.publishedReturns() }, 'provider games: published returns');
      const secrets = providers.secrets.map((x) => `${x.code}:${x.secret ? fingerprint(x.secret) : 'none'}`);
      app.log.info({ secrets }, 'provider secrets (fingerprints)');
    });

    // The embedded studio's transfer endpoints are on our own address, known once we listen (PORT=0).
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address !== null && typeof address === 'object') providers.setListenPort(address.port);
    });

    const api = app.withTypeProvider<ZodTypeProvider>();
    const guards = [deps.cookies.requirePlayer, maintenanceGate(deps.maintenance)];
    await app.register(fishingRoutes({ fishing: providers.fishing, guards }));
    for (const provider of ['2', '3'] as const) {
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
          // A launch URL is fetched on every click and never cached (providers.md §5).
          void reply.header('cache-control', 'no-store');
          const sound = request.cookies[SOUND_COOKIE];
          return { data: await providers.launch.launch(request.auth!, provider, request.query, sound) };
        },
      );
    }
    // The seed's `/api/sport/login` (providers.md §5): the sportsbook's launch, the same service and guards
    // as `/api/external/{2|3}/url` (one game, `demo-league`, so `game_code` may be omitted).
    api.get(
      '/api/sport/login',
      {
        schema: {
          tags: ['providers'],
          querystring: launchQuerySchema,
          response: { 200: envelope(launchReplySchema) },
        },
        onRequest: guards,
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const sound = request.cookies[SOUND_COOKIE];
        return { data: await providers.launch.launch(request.auth!, 'sport', request.query, sound) };
      },
    );
    api.get(
      '/api/external/3/list',
      {
        schema: { tags: ['providers'], response: { 200: envelope(slotGameListSchema) } },
        onRequest: deps.cookies.requirePlayer,
      },
      async () => ({ data: [...providers.launch.slotGames()] }),
    );
  };
}

/**
 * `POST /wallet/:provider/:action`, in a context of its own so that its JSON parser keeps the raw bytes
 * (the signature is checked over them before anything parses them) without touching other routes.
 * No cookie, XSRF or session check applies: `config.xsrf = false` and no `requirePlayer`.
 */
function walletRoutes(deps: { wallet: SeamlessWalletService; clock: Clock }) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post<{ Params: { provider: string; action: string }; Body: Buffer | undefined }>(
      '/wallet/:provider/:action',
      { schema: { hide: true }, config: { xsrf: false } },
      async (request, reply) => {
        const answer = await deps.wallet.call({
          provider: request.params.provider,
          action: request.params.action,
          headers: {
            provider: header(request, 'x-provider'),
            timestamp: header(request, 'x-timestamp'),
            signature: header(request, 'x-signature'),
          },
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        const text = JSON.stringify(answer.reply);
        if (answer.secret !== null) {
          const timestamp = String(deps.clock.nowMs());
          void reply
            .header('x-provider', request.params.provider)
            .header('x-timestamp', timestamp)
            .header('x-signature', signBody(answer.secret, timestamp, text));
        }
        return reply.code(200).type('application/json; charset=utf-8').send(text);
      },
    );
  };
}
