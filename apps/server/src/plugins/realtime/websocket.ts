import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionCookies } from '../session';
import type { EventBus } from './event-bus';

/** Frames a client may send: nothing but small keep-alives. */
const CLIENT_FRAME_MAX_BYTES = 1024;

/**
 * `GET /ws`: live events for the signed-in player (decisions §8), authenticated by the session cookie
 * before the upgrade (no live session → 401, no socket). Events for everyone go to every socket; a
 * player's own events (balance) only to that player's sockets. Each event is serialised once.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: { events: EventBus; cookies: SessionCookies },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: CLIENT_FRAME_MAX_BYTES } });
  const everyone = new Set<WebSocket>();
  const byPlayer = new Map<number, Set<WebSocket>>();

  const unsubscribe = deps.events.subscribe((event) => {
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
