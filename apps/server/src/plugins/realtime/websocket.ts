import { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../errors/app-error';
import type { EventBus } from '../../platform/event-bus';
import { FanOut, type SliceStats, type Subscriber } from './fan-out';
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

export { SLOW_CONSUMER_CLOSE_CODE } from './fan-out';

export interface SocketLimits {
  /** Live sockets of one player in this process; the next upgrade is refused (429 RATE_LIMITED). */
  maxSocketsPerPlayer: number;
  /** Unsent bytes a socket may hold; past it the socket is closed instead of queueing more. */
  maxBufferedBytes: number;
  /** Sockets an event is written to in one turn of the event loop at most (fan-out.ts). */
  fanOutSliceSockets: number;
}

/** What the app offers of its live events beside the route. */
export interface Realtime {
  /** Resolves once every event published so far has been written to its sockets (the benchmark's mark). */
  whenSent(): Promise<void>;
  /** The fan-out's turns of the event loop since the last call: how many, and the longest. */
  takeSliceStats(): SliceStats;
}

interface Player extends Subscriber {
  readonly socket: WebSocket;
  /** The session token of the upgrade, to check the socket again when the player's sessions end. */
  readonly token: string;
}

/**
 * `GET /ws`: live events for the signed-in player (decisions §8), authenticated by the session cookie
 * before the upgrade (no live session → 401, no socket), from the page's own origin or an allowed one
 * (another site's page → 403, `handshake.ts`). Events for everyone go to every socket; a
 * player's own events (balance) only to that player's sockets. Each event is serialised and framed once
 * and written in slices that never hold the event loop long, in the order published (fan-out.ts). When
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
): Promise<Realtime> {
  // No compression: every frame is the same bytes for every socket, and ws then writes each of its own
  // frames at once, which the fan-out's direct writes rely on (fan-out.ts).
  await app.register(websocket, {
    options: { maxPayload: CLIENT_FRAME_MAX_BYTES, perMessageDeflate: false },
  });
  const everyone = new Set<Player>();
  const byPlayer = new Map<number, Set<Player>>();
  const fanOut = new FanOut({
    maxBufferedBytes: deps.limits.maxBufferedBytes,
    sliceSockets: deps.limits.fanOutSliceSockets,
  });

  const closeEndedSessions = (playerId: number) => {
    for (const { socket, token } of byPlayer.get(playerId) ?? []) {
      deps.sessions.revalidate(token).catch((error: unknown) => {
        socket.close(closeCodeOf(error), error instanceof AppError ? error.code : 'UNAUTHENTICATED');
      });
    }
  };

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'sessions_ended') return closeEndedSessions(event.playerId);
    const targets = event.playerId === undefined ? everyone : byPlayer.get(event.playerId);
    if (!targets || targets.size === 0) return;
    fanOut.send(JSON.stringify({ type: event.type, data: event.data }), targets);
  });

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

  // The bus lost its way to the other processes (Redis away, decision 0030): a socket would stay open and
  // silent, and an open socket stops the page from polling. Closed (1013, "try again later"), the page polls
  // and reconnects on its own back-off; upgrades are refused until the bus is live again.
  const stopWatchingBus = deps.events.onLiveChange((live) => {
    if (live) return;
    for (const { socket } of everyone) socket.close(1013, 'EVENTS_UNAVAILABLE');
  });
  const eventsUnavailable = () =>
    new AppError('BUSY', 'Live events are unavailable for a moment; the page polls meanwhile.', {
      headers: { 'retry-after': '5' },
    });

  app.addHook('onClose', async () => {
    stopWatchingBus();
    unsubscribe();
    fanOut.close();
    for (const { socket } of everyone) socket.terminate();
    await deps.events.close();
  });

  app.get(
    '/ws',
    {
      websocket: true,
      onRequest: [requireUpgrade, originGuard(deps.allowedOrigins), deps.sessions.requirePlayer],
      preValidation: (request, _reply, done) => {
        if (!deps.events.isLive()) return done(eventsUnavailable());
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
      // The upgrade's connection: ws writes to it, and so does the fan-out (absent for an injected socket).
      const wire = request.raw.socket instanceof Duplex ? request.raw.socket : undefined;
      const player: Player = { socket, wire, token: deps.sessions.tokenOf(request) };
      const own = byPlayer.get(playerId) ?? new Set<Player>();
      byPlayer.set(playerId, own);
      everyone.add(player);
      own.add(player);
      socket.on('close', () => {
        everyone.delete(player);
        own.delete(player);
        if (own.size === 0) byPlayer.delete(playerId);
      });
      socket.send(JSON.stringify({ type: 'hello', data: { player_id: playerId } }));
    },
  );
  return { whenSent: () => fanOut.whenSent(), takeSliceStats: () => fanOut.takeSliceStats() };
}
