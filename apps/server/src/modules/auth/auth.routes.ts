import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  envelope,
  type LoginBoard,
  loginAnswerSchema,
  loginRequestSchema,
  okBodySchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from './session.plugin';
import { SESSION_COOKIE } from './session-tokens';
import type { AuthService } from './auth.service';

/** Seed §7 auth calls: `/sanctum/csrf-cookie`, `/login`, `/logout`, `/api/user/change_password`. */
export function authRoutes(deps: {
  auth: AuthService;
  cookies: SessionCookies;
  /** What the lotto 59 board needs first, carried by the login's answer (decision 0053). */
  boardOf?: (playerId: number) => Promise<LoginBoard>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { auth, cookies } = deps;

    r.get('/sanctum/csrf-cookie', { schema: { tags: ['auth'] } }, async (request, reply) => {
      cookies.issue(reply, cookies.tokenOrNew(request));
      return reply.code(204).send();
    });

    r.post(
      '/login',
      {
        schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: envelope(loginAnswerSchema) } },
      },
      async (request, reply) => {
        const { token, user } = await auth.login(
          request.body,
          cookies.clientOf(request),
          request.cookies[SESSION_COOKIE],
        );
        cookies.issue(reply, token);
        // The board's first calls answered here: one 3G round trip instead of three after the click.
        const board = deps.boardOf ? await deps.boardOf(user.auth.id) : undefined;
        return { data: board ? { ...user, board } : user };
      },
    );

    r.post(
      '/logout',
      { schema: { tags: ['auth'], response: { 200: envelope(okBodySchema) } } },
      async (request, reply) => {
        await auth.logout(request.cookies[SESSION_COOKIE], cookies.clientOf(request));
        cookies.clear(reply);
        return { data: { success: true as const } };
      },
    );

    // Seed §7 allows POST or PUT for the same call.
    r.route({
      method: ['POST', 'PUT'],
      url: '/api/user/change_password',
      schema: {
        tags: ['auth'],
        body: changePasswordRequestSchema,
        response: { 200: envelope(changePasswordResponseSchema) },
      },
      onRequest: cookies.requirePlayer,
      handler: async (request, reply) => {
        const token = await auth.changePassword(request.auth!, request.body, cookies.clientOf(request));
        cookies.issue(reply, token);
        return { data: { success: true as const, message: 'Password changed.' } };
      },
    });
  };
}
