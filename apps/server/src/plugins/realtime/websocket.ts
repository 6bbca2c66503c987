import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors/app-error';
import type { EventBus } from '../../platform/event-bus';
import { originGuard, requireUpgrade } from './handshake';

/** Frames a client may send: nothing but small keep-alives. */
const CLIENT_FRAME_MAX_BYTES = 1024;

/** Close codes 4000 + the HTTP status of the refusal: 4401 logged out, 4411 replaced, 4419 expired. */
const closeCodeOf = (error: unknown) => 4000 + (error instanceof AppError ? error.status : 401);

/** What the socket needs of sessions, injected (app.ts) so that plugins/ never imports modules/. */
export interface SocketSessions {
  /** onRequest hook: sets `request.auth` for a live session, refuses the upgrade otherwise. */
  requirePlayer: onRequestHookHandler;
  /** The request's session token, kept to check the socket again when the player's sessions end. */
  tokenOf(request: FastifyRequest): string;
  /** Resolves while the session lives; rejects with the AppError of its end (401, 411, 419). */
  revalidate(token: string): Promise<unknown>;
}

/** Standard "try again later": the socket could not keep up; the client reconnects and polls meanwhile. */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;

export interface SocketLimits {
  /** Live sockets of one player in this process; the next upgrade is refused (429 RATE_LIMITED). */
  maxSocketsPerPlayer: number;
  /** Unsent bytes a socket may hold; past it the socket is closed instead of queueing more. */
  maxBufferedBytes: number;
}

/**
 * `GET /ws`: live events for the signed-in player (decisions §8), authenticated by the session cookie
 * before the upgrade (no live session → 401, no socket), from the page's own origin or an allowed one
 * (another site's page → 403, `handshake.ts`). Events for everyone go to every socket; a
 * player's own events (balance) only to that player's sockets. Each event is serialised once. When
 * sessions of a player end (in any process), that player's sockets are checked again and those whose
 * session ended are closed, so a logged-out or replaced device stops receiving the player's events.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: {
    events: EventBus;
    sessions: SocketSessions;
    allowedOrigins: readonly string[];
    limits: SocketLimits;
  },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: CLIENT_FRAME_MAX_BYTES } });
  const everyone = new Set<WebSocket>();
  const byPlayer = new Map<number, Set<WebSocket>>();
  const tokenOf = new WeakMap<WebSocket, string>();

  const closeEndedSessions = (playerId: number) => {
    for (const socket of byPlayer.get(playerId) ?? []) {
      deps.sessions.revalidate(tokenOf.get(socket) ?? '').catch((error: unknown) => {
        socket.close(closeCodeOf(error), error instanceof AppError ? error.code : 'UNAUTHENTICATED');
      });
    }
  };

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'sessions_ended') return closeEndedSessions(event.playerId);
    const targets = event.playerId === undefined ? everyone : byPlayer.get(event.playerId);
    if (!targets || targets.size === 0) return;
    const text = JSON.stringify({ type: event.type, data: event.data });
    for (const socket of targets) sendOrShed(socket, text);
  });

  // A client that stops reading would make the server queue every event for it without end: past the cap
  // it is closed (memory stays under the cap plus one frame per socket).
  function sendOrShed(socket: WebSocket, text: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > deps.limits.maxBufferedBytes) {
      socket.close(SLOW_CONSUMER_CLOSE_CODE, 'SLOW_CONSUMER');
      return;
    }
    socket.send(text);
  }

  // Refused before the upgrade, so the client backs off (closing the oldest instead would make the
  // player's tabs knock each other out in turn, each reconnecting at once).
  const atSocketCap = (playerId: number) => {
    const held = byPlayer.get(playerId)?.size ?? 0;
    return held >= deps.limits.maxSocketsPerPlayer;
  };
  const tooManySockets = () =>
    new AppError('RATE_LIMITED', 'Too many live connections for this player.', {
      headers: { 'retry-after': '15' },
    });

  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of everyone) socket.terminate();
    await deps.events.close();
  });

  app.get(
    '/ws',
    {
      websocket: true,
      onRequest: [requireUpgrade, originGuard(deps.allowedOrigins), deps.sessions.requirePlayer],
      preValidation: (request, _reply, done) => {
        done(atSocketCap(request.auth!.playerId) ? tooManySockets() : undefined);
      },
      schema: { hide: true },
    },
    (socket, request) => {
      const playerId = request.auth!.playerId;
      // Upgrades that raced past the check above: the cap holds all the same.
      if (atSocketCap(playerId)) {
        socket.close(4429, 'RATE_LIMITED');
        return;
      }
      tokenOf.set(socket, deps.sessions.tokenOf(request));
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
