import type { FastifyInstance, onSendHookHandler } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes behind a read replica (docs/decisions/0029-read-replica.md): every state-changing
 * request of a signed-in player (a bet, a ticket or its deletion, a transfer to a game, a password change,
 * a pool switch…) marks the player as a recent writer before its answer goes out, so that the next
 * request — on whichever process it lands — reads their own rows from the primary. Refusals (4xx) wrote
 * nothing and are not marked; an error (5xx) may have written before failing, so it is. Register only
 * when a replica is configured: without one, nothing needs marking.
 */
export function registerReadYourWrites(
  app: FastifyInstance,
  deps: { markWriter(playerId: number): Promise<void> },
): void {
  // A callback hook: the other answers (reads, anonymous calls) pass without a promise.
  const mark: onSendHookHandler = (request, reply, payload, done) => {
    const playerId = request.auth?.playerId;
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (playerId === undefined || refused || SAFE_METHODS.has(request.method)) return done(null, payload);
    // markWriter never throws: a mark that fails is logged, and the answer goes out all the same.
    void deps.markWriter(playerId).then(() => done(null, payload));
  };
  app.addHook('onSend', mark);
}
