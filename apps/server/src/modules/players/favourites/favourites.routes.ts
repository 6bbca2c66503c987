import {
  envelope,
  type Favourites,
  favouritesGameParamsSchema,
  favouritesSchema,
  setFavouritesRequestSchema,
} from '@lotto59/contract';
import { FAVOURITE_GAMES, FAVOURITES_MAX, normaliseFavourites } from '@lotto59/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/database';
import { validationError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { SessionCookies } from '../../auth/session.plugin';
import { listFavourites, saveFavourites } from './favourites.repository';

/**
 * The player's saved favourite numbers (issue 26, item 5; decision 0053). Every read and write is keyed by the
 * signed-in player's own id from the session, never by an id in the request: a player can only ever see and
 * change their own lists. A write is one upsert of the whole list (XSRF-checked like every write, session.plugin).
 */
export function favouritesRoutes(deps: { db: Kysely<Database>; clock: Clock; cookies: SessionCookies }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['user'];
    const listsOf = async (playerId: number): Promise<Favourites> => {
      const rows = await listFavourites(deps.db, playerId);
      const lists = Object.fromEntries(FAVOURITE_GAMES.map((game) => [game, [] as string[]])) as Favourites;
      for (const row of rows) lists[row.game] = row.numbers === '' ? [] : row.numbers.split(',');
      return lists;
    };

    r.get(
      '/api/v1/favourites',
      {
        schema: { tags, response: { 200: envelope(favouritesSchema) } },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await listsOf(request.auth!.playerId) }),
    );

    r.put(
      '/api/v1/favourites/:game',
      {
        schema: {
          tags,
          params: favouritesGameParamsSchema,
          body: setFavouritesRequestSchema,
          response: { 200: envelope(favouritesSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => {
        const { game } = request.params;
        const numbers = normaliseFavourites(game, request.body.numbers);
        if (numbers === null)
          throw validationError({
            numbers: [`Up to ${FAVOURITES_MAX} numbers of the game, each written as the game writes it.`],
          });
        const playerId = request.auth!.playerId;
        const row = {
          player_id: playerId,
          game,
          numbers: numbers.join(','),
          updated_at_ms: deps.clock.nowMs(),
        };
        await saveFavourites(deps.db, row);
        return { data: await listsOf(playerId) };
      },
    );
  };
}
