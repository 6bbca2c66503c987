import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors/app-error';
import type { AuthService } from '../../modules/auth/auth.service';
import { SESSION_COOKIE } from '../../modules/auth/session-tokens';
import type { SessionCookies } from '../session';
import type { EventBus } from './event-bus';

/** Frames a client may send: nothing but small keep-alives. */
const CLIENT_FRAME_MAX_BYTES = 1024;

/** Close codes 4000 + the HTTP status of the refusal: 4401 logged out, 4411 replaced, 4419 expired. */
const closeCodeOf = (error: unknown) => 4000 + (error instanceof AppError ? error.status : 401);

/**
 * `GET /ws`: live events for the signed-in player (decisions §8), authenticated by the session cookie
 * before the upgrade (no live session → 401, no socket). Events for everyone go to every socket; a
 * player's own events (balance) only to that player's sockets. Each event is serialised once. When
 * sessions of a player end (in any process), that player's sockets are checked again and those whose
 * session ended are closed, so a logged-out or replaced device stops receiving the player's events.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { events: EventBus; cookies: SessionCookies; auth: Pick<AuthService, 'revalidate'> },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: CLIENT_FRAME_MAX_BYTES } });
  const everyone = new Set<WebSocket>();
  const byPlayer = new Map<number, Set<WebSocket>>();
  const tokenOf = new WeakMap<WebSocket, string>();

  const closeEndedSessions = (playerId: number) => {
    for (const socket of byPlayer.get(playerId) ?? []) {
      deps.auth.revalidate(tokenOf.get(socket) ?? '').catch((error: unknown) => {
        socket.close(closeCodeOf(error), error instanceof AppError ? error.code : 'UNAUTHENTICATED');
      });
    }
  };

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'sessions_ended') return closeEndedSessions(event.playerId);
    const targets = event.playerId === undefined ? everyone : byPlayer.get(event.playerId);
    if (!targets || targets.size === 0) return;
    const text = JSON.stringify({ type: event.type, data: event.data });
    for (const socket of targets) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  });

  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of everyone) socket.terminate();
    await deps.events.close();
  });

  app.get(
    '/ws',
    { websocket: true, onRequest: deps.cookies.requirePlayer, schema: { hide: true } },
    (socket, request) => {
      const playerId = request.auth!.playerId;
      tokenOf.set(socket, request.cookies[SESSION_COOKIE] ?? '');
      const own = byPlayer.get(playerId) ?? new Set<WebSocket>();
      byPlayer.set(playerId, own);
      everyone.add(socket);
      own.add(socket);
      socket.on('close', () => {
        everyone.delete(socket);
        own.delete(socket);
        if (own.size === 0) byPlayer.delete(playerId);
      });
      socket.send(JSON.stringify({ type: 'hello', data: { player_id: playerId } }));
    },
  );
}
