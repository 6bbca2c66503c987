import type { FastifyInstance } from 'fastify';

/** How long a WebSocket gets to answer the close handshake before its connection is cut. */
const SOCKET_CLOSE_GRACE_MS = 1000;

/**
 * Connections end with the requests in flight when the app closes, so the shutdown is as long as the
 * slowest request, not as long as the clients' patience.
 *
 * - Fastify refuses new requests once closing (503) and closes the connections idle at that moment, but
 *   a connection busy then stays open after its answer until the keep-alive timeout (5 s). Every answer
 *   sent while closing says `Connection: close`, so the socket ends with it.
 * - @fastify/websocket starts the close handshake of every socket; a client that never answers (a frozen
 *   tab, a peer gone without a word) would hold the port for ws's 30 s. After SOCKET_CLOSE_GRACE_MS,
 *   the sockets still there are cut.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    // Registered by the realtime plugin after this one: read when closing.
    const sockets = (app as Partial<Pick<FastifyInstance, 'websocketServer'>>).websocketServer?.clients;
    if (sockets && sockets.size > 0) {
      setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, SOCKET_CLOSE_GRACE_MS).unref();
    }
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
