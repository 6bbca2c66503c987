import { envelope, userDetailSchema } from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../auth/session.plugin';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PlayersService } from './players.service';
import { maintenanceGate } from '../maintenance/maintenance.gate';

/** `GET /api/user`: the user detail of seed §3; 503 while maintenance is on (seed §4). */
export function playersRoutes(deps: {
  players: PlayersService;
  maintenance: MaintenanceService;
  cookies: SessionCookies;
}) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/user',
      {
        schema: { tags: ['user'], response: { 200: envelope(userDetailSchema) } },
        onRequest: [maintenanceGate(deps.maintenance), deps.cookies.requirePlayer],
      },
      async (request) => ({ data: await deps.players.userDetail(request.auth!.playerId) }),
    );
  };
}
