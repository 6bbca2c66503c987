import {
  envelope,
  rgBreakRequestSchema,
  rgLimitRefRequestSchema,
  rgRealityCheckRequestSchema,
  rgSelfExclusionRequestSchema,
  rgSetLimitRequestSchema,
  rgStateSchema,
  type RgState,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationError } from '../../errors/app-error';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { SessionCookies } from '../auth/session.plugin';
import { maintenanceGate } from '../maintenance/maintenance.gate';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { RgService, RgView } from './rg.service';

/**
 * The player's responsible-gaming calls (responsible-gaming.md §4). Every change is a state-changing
 * request, so the session plugin's XSRF gate runs before it; the maintenance gate refuses it like any
 * other write; the service writes the audit log with its before and after.
 */
export function rgRoutes(deps: {
  rg: RgService;
  auth: AuthService;
  maintenance: MaintenanceService;
  cookies: SessionCookies;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { rg, auth, cookies } = deps;
    const onRequest = [maintenanceGate(deps.maintenance), cookies.requirePlayer];
    const response = { 200: envelope(rgStateSchema) };
    const tags = ['user'];

    /** The view with the session's part: when it began and its payouts − stakes (the reality check). */
    const stateOf = async (ctx: AuthContext, view?: RgView): Promise<{ data: RgState }> => {
      const [v, startedAt] = await Promise.all([
        view ? Promise.resolve(view) : rg.view(ctx.playerId),
        auth.sessionStartedAt(ctx.sessionId),
      ]);
      const net = startedAt === undefined ? 0 : await rg.netPlaySince(ctx.playerId, startedAt);
      return {
        data: {
          ...v,
          reality_check_minutes: v.reality_check_minutes as RgState['reality_check_minutes'],
          session_started_at: startedAt ?? null,
          session_net: net,
        },
      };
    };
    const ipOf = (request: { ip: string }) => request.ip;

    r.get('/api/user/limits', { schema: { tags, response }, onRequest }, async (request) =>
      stateOf(request.auth!),
    );

    r.put(
      '/api/user/limits',
      { schema: { tags, body: rgSetLimitRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        return stateOf(
          ctx,
          await rg.setLimit(ctx.playerId, request.body, { by: 'player', ip: ipOf(request) }),
        );
      },
    );

    r.post(
      '/api/user/limits/confirm',
      { schema: { tags, body: rgLimitRefRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        return stateOf(ctx, await rg.confirm(ctx.playerId, request.body, ipOf(request)));
      },
    );

    r.delete(
      '/api/user/limits/pending',
      { schema: { tags, body: rgLimitRefRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        return stateOf(ctx, await rg.cancelPending(ctx.playerId, request.body, ipOf(request)));
      },
    );

    r.post(
      '/api/user/break',
      { schema: { tags, body: rgBreakRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        return stateOf(ctx, await rg.takeBreak(ctx.playerId, request.body.days, ipOf(request)));
      },
    );

    r.post(
      '/api/user/self-exclusion',
      { schema: { tags, body: rgSelfExclusionRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        if (!(await auth.verifyPassword(ctx.playerId, request.body.password))) {
          throw validationError({ password: ['The password is incorrect.'] });
        }
        // Every session of the player ends in the exclusion's own transaction (this one included).
        const view = await rg.exclude(ctx.playerId, request.body.months, { by: 'player', ip: ipOf(request) });
        return {
          data: { ...view, reality_check_minutes: 0 as const, session_started_at: null, session_net: 0 },
        };
      },
    );

    r.put(
      '/api/user/reality-check',
      { schema: { tags, body: rgRealityCheckRequestSchema, response }, onRequest },
      async (request) => {
        const ctx = request.auth!;
        return stateOf(ctx, await rg.setRealityCheck(ctx.playerId, request.body.minutes, ipOf(request)));
      },
    );
  };
}
