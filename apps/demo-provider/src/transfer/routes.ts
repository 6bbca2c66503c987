import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { signedHeaders, verify } from '../wallet/signing';
import { balanceSchema, depositSchema, statusSchema, withdrawSchema } from './schemas';
import {
  deposit,
  providerBalance,
  type TransferAnswer,
  type TransferDeps,
  transferStatus,
  withdraw,
} from './transfers';

/*
 * `POST /provider/demo/transfer/{deposit|withdraw|status|balance}` (providers.md §4): our casino's wallet calls
 * these, signed as in §2 with itself as the caller (X-Provider: 4, provider 4's secret). The raw bytes are
 * verified in constant time before anything parses them; every business answer is HTTP 200 with a `status`,
 * signed the same way. No cookie, session or XSRF applies: the signature is the authentication. Every answer,
 * a replay's and a refusal's too, carries the `request_uuid` of the request it answers (decision 0041): the
 * signature says the studio wrote it, the echoed id says to which question, so a recorded answer cannot be
 * passed off as the answer to another call.
 */

export const TRANSFER_PROVIDER = '4';

type Handler = (deps: TransferDeps, body: unknown) => Promise<TransferAnswer>;

function parsed<T>(schema: z.ZodMiniType<T>, run: (deps: TransferDeps, body: T) => Promise<TransferAnswer>) {
  return (deps: TransferDeps, body: unknown): Promise<TransferAnswer> => {
    const result = schema.safeParse(body);
    if (!result.success) {
      const issue = result.error.issues[0];
      return Promise.resolve({
        status: 'RS_ERROR_UNKNOWN',
        message: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body',
      });
    }
    return run(deps, result.data);
  };
}

const ACTIONS: Record<string, Handler> = {
  deposit: parsed(depositSchema, deposit),
  withdraw: parsed(withdrawSchema, withdraw),
  status: parsed(statusSchema, (deps, body) => transferStatus(deps, body.transfer_id)),
  balance: parsed(balanceSchema, (deps, body) => providerBalance(deps, body.user)),
};

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The request's own id, read without trusting anything else of the body (it only labels the answer). */
function requestUuidOf(raw: Buffer): string | undefined {
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    const id =
      body !== null && typeof body === 'object' ? (body as Record<string, unknown>).request_uuid : undefined;
    return typeof id === 'string' && id.length <= 100 ? id : undefined;
  } catch {
    return undefined;
  }
}

export function transferRoutes(deps: TransferDeps, secret: string | undefined) {
  return async (app: FastifyInstance): Promise<void> => {
    // This context's parser keeps the raw bytes: the signature is over them, not over a re-serialised body.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const send = (
      reply: FastifyReply,
      answer: TransferAnswer,
      requestUuid: string | undefined,
    ): FastifyReply => {
      const text = JSON.stringify(
        requestUuid === undefined ? answer : { ...answer, request_uuid: requestUuid },
      );
      if (secret !== undefined)
        void reply.headers(signedHeaders(TRANSFER_PROVIDER, secret, text, deps.clock()));
      return reply.code(200).type('application/json; charset=utf-8').send(text);
    };

    app.post<{ Params: { action: string }; Body: Buffer | undefined }>(
      '/transfer/:action',
      async (request, reply) => {
        const action = request.params.action;
        const handler = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
        if (handler === undefined) return reply.code(404).send({ status: 'RS_ERROR_UNKNOWN' });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const requestUuid = requestUuidOf(raw);
        const signed =
          secret !== undefined &&
          header(request, 'x-provider') === TRANSFER_PROVIDER &&
          verify(
            secret,
            { timestamp: header(request, 'x-timestamp'), signature: header(request, 'x-signature') },
            raw,
            deps.clock(),
          );
        if (!signed) return send(reply, { status: 'RS_ERROR_INVALID_SIGNATURE' }, requestUuid);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return send(reply, { status: 'RS_ERROR_UNKNOWN', message: 'the body is not JSON' }, undefined);
        }
        return send(reply, await handler(deps, body), requestUuid);
      },
    );
  };
}
