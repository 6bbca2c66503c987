import {
  type BetRecord,
  type PlaceBetResponse,
  type PlayingRound,
  type ResultHistoryPage,
  type RoundRecord,
  type TicketList,
  type TransactionList,
  type UserDetail,
} from '@lotto59/contract';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { encode, type $ZodType, type $ZodTypes } from 'zod/v4/core';
import { createTestApp, type TestContext } from '../../test/test-app';
import type * as ResponseSerializerModule from './response-serializer';
import { planResponseSerializer, responseSerializerCompiler } from './response-serializer';

// The app calls the compiler through this module: recording its calls yields every response schema the
// routes register, and the very serializer Fastify uses for each.
vi.mock('./response-serializer', async (importOriginal) => {
  const actual = await importOriginal<typeof ResponseSerializerModule>();
  return { ...actual, responseSerializerCompiler: vi.fn(actual.responseSerializerCompiler) };
});

interface RegisteredResponse {
  route: string;
  schema: $ZodType;
  serialize: (data: unknown) => string;
}

/** What the client received from the library's serializer: zod encode, then JSON. */
const zodWire = (schema: $ZodType, data: unknown): unknown =>
  JSON.parse(JSON.stringify(encode(schema, data)));

const TRICKY_TEXT = 'Lotto "59" \\ ✓ ខ្មែរ\n\t\u2028 🎲 \ud800';
const LEAK = 'leaked_secret';

/**
 * Data for any schema the fast path accepts. `sparse` leaves optional keys out and sets nullable ones to
 * null; `extraKeys` adds an undeclared key (holding an object) to every object, nested ones included.
 */
function sampleOf(schema: $ZodType, opts: { sparse: boolean; extraKeys: boolean }): unknown {
  const s = schema as $ZodTypes;
  const def = s._zod.def;
  switch (def.type) {
    case 'string':
      return stringSample(s);
    case 'number':
      return isInteger(s) ? 42 : 12.75;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries).at(-1);
    case 'array':
      return [sampleOf(def.element, opts), sampleOf(def.element, opts)];
    case 'nullable':
      return opts.sparse ? null : sampleOf(def.innerType, opts);
    case 'union':
      return sampleOf(def.options.at(-1) as $ZodType, opts);
    case 'object': {
      const entries = Object.entries(def.shape)
        .filter(([, child]) => !(opts.sparse && (child as $ZodTypes)._zod.def.type === 'optional'))
        .map(([key, child]) => [key, sampleOf(child, opts)]);
      if (opts.extraKeys) entries.push([LEAK, { password_hash: 'argon2id$…', nested: [1, 2] }]);
      return Object.fromEntries(entries);
    }
    case 'optional':
      return sampleOf(def.innerType, opts);
    default:
      throw new Error(`no sample for a ${def.type} schema: add one to sampleOf`);
  }
}

/** Texts of a fixed shape (a slip number, decimal odds) that a schema's pattern accepts; else the tricky text. */
const SHAPED_TEXTS = ['0000042', '1.43', 'ab'.repeat(32), 'cd'.repeat(8)];

function stringSample(schema: $ZodTypes): string {
  const patterns = (schema._zod.def.checks ?? [])
    .map((check) => check._zod.def as { check: string; format?: string; pattern?: RegExp })
    .filter((def) => def.check === 'string_format' && def.format === 'regex' && def.pattern)
    .map((def) => def.pattern!);
  if (patterns.length === 0) return TRICKY_TEXT;
  const sample = SHAPED_TEXTS.find((text) => patterns.every((p) => p.test(text)));
  if (sample === undefined)
    throw new Error(`no sample text for ${patterns.join(' ')}: add one to SHAPED_TEXTS`);
  return sample;
}

const isInteger = (schema: $ZodTypes): boolean =>
  schema._zod.def.checks?.some((check) => check._zod.def.check === 'number_format') ?? false;

const round = (over: Partial<RoundRecord> = {}): RoundRecord => ({
  id: 812,
  poll: 'POLL_2',
  status: 'SETTLED',
  opened_at: '2025-05-01T10:00:00.000Z',
  close_at: '2025-05-01T10:01:00.000Z',
  server_seed_hash: 'a3f1'.repeat(16),
  numbers: [3, 17, 22, 41, 59],
  released_count: 5,
  total: 142,
  range_type: 'RANGE_3',
  ou_type: 'RANGE_7',
  label: 'BIG_3',
  server_seed: 'c0ffee'.repeat(8),
  next_ball_at: null,
  settle_at: '2025-05-01T10:02:00.000Z',
  ...over,
});

const bet = (over: Partial<BetRecord> = {}): BetRecord => ({
  id: 9001,
  result_id: 812,
  group_id: 77,
  poll: 'POLL_2',
  type: 'RANGE_3',
  post: null,
  number: null,
  numbers: null,
  amount: 1000,
  payout: 0,
  jackpot_win_amount: 0,
  jackpot_result: null,
  jackpot_tier: null,
  outstanding: true,
  status: 'PENDING',
  created_at: '2025-05-01T10:00:30.000Z',
  settled_at: null,
  ...over,
});

const betResponse: PlaceBetResponse = {
  group_id: 77,
  bets: [
    bet(),
    bet({ id: 9002, type: 'NUMBER', post: 'C', number: 59, amount: 500 }),
    bet({
      id: 9003,
      type: 'JACKPOT',
      numbers: [3, 17, 22, 41, 59],
      amount: 2000,
      payout: 1_000_000,
      jackpot_win_amount: 998_000,
      jackpot_result: 5,
      jackpot_tier: 1,
      outstanding: false,
      status: 'WON',
      settled_at: '2025-05-01T10:02:00.000Z',
    }),
  ],
  balance: 96_500,
};

/** Realistic bodies of the key routes, as the handlers return them. */
const HAND_WRITTEN: Record<string, unknown> = {
  'POST /api/bet': { data: betResponse },
  'POST /api/bet/jackpot': { data: { ...betResponse, bets: [betResponse.bets[2]] } },
  'GET /api/user': {
    data: {
      auth: { id: 5, username: 'dara_59' },
      balance: 120_000,
      setting: { enabled_poll_1: false },
      enableFastGamePlay: true,
      is_loading: 1,
      enableLottery: true,
    } satisfies UserDetail,
  },
  'GET /api/transaction/list': {
    data: {
      items: [
        {
          id: 3,
          type: 'deposit',
          kind: 'opening_balance',
          amount: 50_000,
          balance_after: 150_000,
          note: null,
          created_at: 'x',
        },
        {
          id: 2,
          type: 'deposit',
          kind: 'deposit',
          amount: 100_000,
          balance_after: 100_000,
          note: 'cash desk',
          created_at: 'y',
        },
      ],
      meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
      total_amount: 150_000,
    } satisfies TransactionList,
  },
  'GET /api/v1/ticket/list': {
    data: {
      items: betResponse.bets,
      meta: { current_page: 2, per_page: 3, total: 9, last_page: 3 },
      total_amount: 3500,
      total_payout: 1_000_000,
    } satisfies TicketList,
  },
  'GET /api/v1/result/history': {
    data: {
      items: [round(), round({ id: 811, label: 'SMALL_1', range_type: 'RANGE_1', ou_type: 'RANGE_6' })],
      meta: { current_page: 1, per_page: 20, total: 2, last_page: 1 },
    } satisfies ResultHistoryPage,
  },
  'GET /api/v1/result/playing': {
    data: {
      round: round({
        status: 'OPEN',
        numbers: [],
        released_count: 0,
        total: null,
        range_type: null,
        ou_type: null,
        label: null,
        server_seed: null,
        next_ball_at: '2025-05-01T10:01:05.000Z',
      }),
      server_time: '2025-05-01T10:00:31.000Z',
      seconds_left: 29.5,
    } satisfies PlayingRound,
  },
  'GET /api/v1/result/releasing': { data: { round: null, server_time: '2025-05-01T10:00:31.000Z' } },
};

/**
 * Routes that keep zod's serializer on purpose: their wire shape needs what the fast path cannot write
 * faithfully (a record keyed by data, a union of objects), and they are screen loads and reports, not the
 * hot paths the fast path is for. Zod's output is the reference, so these answers are right, only slower.
 */
const ZOD_SERIALIZED: Readonly<Record<string, string>> = {
  'GET /api/lottery/ticket/load': 'record schema',
  'HEAD /api/lottery/ticket/load': 'record schema',
  'GET /api/report/casino': 'union with a non-primitive branch',
  'HEAD /api/report/casino': 'union with a non-primitive branch',
  // Opening and closing a fishing session answer different objects (providers.md §4).
  'POST /api/fishing/settoken': 'union with a non-primitive branch',
  // A transfer's proof is `sealed` (with its path and seal) or `pending` (docs/ledger-seal.md).
  'GET /api/ledger/proof/:transfer_id': 'union with a non-primitive branch',
  'HEAD /api/ledger/proof/:transfer_id': 'union with a non-primitive branch',
};

describe('responseSerializerCompiler on the routes of the app', () => {
  let t: TestContext;
  let registered: RegisteredResponse[];
  const byRoute = (route: string): RegisteredResponse => {
    const found = registered.find((r) => r.route === route);
    if (!found) throw new Error(`${route} has no response schema`);
    return found;
  };

  // Schemas do not depend on the dialect, so one database is enough here.
  beforeAll(async () => {
    vi.mocked(responseSerializerCompiler).mockClear();
    t = await createTestApp('sqlite');
    const { calls, results } = vi.mocked(responseSerializerCompiler).mock;
    registered = calls.map(([routeSchema], i) => ({
      route: `${routeSchema.method} ${routeSchema.url}`,
      schema: routeSchema.schema as $ZodType,
      serialize: results[i]?.value as (data: unknown) => string,
    }));
  });
  afterAll(() => t.close());

  it('is the compiler the app uses, for every route with a response schema', () => {
    const routes = registered.map((r) => r.route);
    expect(routes).toEqual(expect.arrayContaining(Object.keys(HAND_WRITTEN)));
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('serializes every registered schema with fast-json-stringify, but the few listed with their reason', () => {
    const fallbacks = registered
      .map((r) => ({ route: r.route, plan: planResponseSerializer(r.schema) }))
      .filter(({ plan }) => plan.kind !== 'fast-json-stringify')
      .map(({ route, plan }) => [route, plan.kind === 'zod' ? plan.reason : ''] as const);
    expect(Object.fromEntries(fallbacks)).toEqual(ZOD_SERIALIZED);
  });

  it.each(Object.keys(HAND_WRITTEN))('serializes a realistic %s body exactly as zod does', (route) => {
    const { schema, serialize } = byRoute(route);
    const body = HAND_WRITTEN[route];
    expect(JSON.parse(serialize(body))).toStrictEqual(zodWire(schema, body));
  });

  it.each([
    { variant: 'every field filled', sparse: false, extraKeys: false },
    { variant: 'nulls and absent optionals', sparse: true, extraKeys: false },
    { variant: 'undeclared keys in every object', sparse: false, extraKeys: true },
    { variant: 'undeclared keys and nulls', sparse: true, extraKeys: true },
  ])('serializes generated data with $variant exactly as zod does, for every route', (opts) => {
    // A listed route is serialized by zod itself: comparing it with zod would show nothing.
    for (const { route, schema, serialize } of registered.filter((r) => !(r.route in ZOD_SERIALIZED))) {
      const data = sampleOf(schema, opts);
      const wire = serialize(data);
      expect(JSON.parse(wire), route).toStrictEqual(zodWire(schema, data));
      expect(wire, route).not.toContain(LEAK);
    }
  });

  it('drops an extra field at top level, in a nested object and inside an array item (POST /api/bet)', () => {
    const { schema, serialize } = byRoute('POST /api/bet');
    const body = {
      data: {
        ...betResponse,
        player_id: 5,
        bets: betResponse.bets.map((b) => ({ ...b, player_id: 5, server_seed: 'secret' })),
      },
      debug: { sql: 'select …' },
    };
    const sent = JSON.parse(serialize(body)) as { data: PlaceBetResponse & Record<string, unknown> };
    expect(sent).not.toHaveProperty('debug');
    expect(sent.data).not.toHaveProperty('player_id');
    for (const item of sent.data.bets) {
      expect(item).not.toHaveProperty('player_id');
      expect(item).not.toHaveProperty('server_seed');
    }
    expect(sent).toStrictEqual(zodWire(schema, body));
    expect(sent).toStrictEqual({ data: betResponse });
  });

  it('drops an extra field inside a nullable object (GET /api/v1/result/playing)', () => {
    const { serialize } = byRoute('GET /api/v1/result/playing');
    const body = {
      data: { round: { ...round(), server_seed_next: 'secret' }, server_time: 't', seconds_left: 3 },
    };
    expect(JSON.parse(serialize(body))).toStrictEqual({
      data: { round: round(), server_time: 't', seconds_left: 3 },
    });
  });

  it('writes null for nullable fields of every type, not 0, "" or {}', () => {
    const { serialize } = byRoute('GET /api/v1/result/releasing');
    expect(JSON.parse(serialize({ data: { round: null, server_time: 't' } }))).toStrictEqual({
      data: { round: null, server_time: 't' },
    });
    const nulls = bet({ post: null, number: null, numbers: null, jackpot_result: null, settled_at: null });
    const sent = JSON.parse(
      byRoute('POST /api/bet').serialize({ data: { ...betResponse, bets: [nulls] } }),
    ) as {
      data: PlaceBetResponse;
    };
    expect(sent.data.bets[0]).toStrictEqual(nulls);
  });

  it('throws when a required field is missing, as zod refuses it', () => {
    const { schema, serialize } = byRoute('POST /api/bet');
    const body = { data: { group_id: 1, bets: [] } };
    expect(() => encode(schema, body)).toThrow();
    expect(() => serialize(body)).toThrow(/balance/);
  });
});

describe('responseSerializerCompiler on schemas outside the fast path', () => {
  const compile = (schema: $ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/t' });
  const int = () => z.number().check(z.int());

  it('leaves optional fields out when absent or undefined, and keeps null where allowed', () => {
    const schema = z.object({
      a: z.optional(z.string()),
      b: z.optional(z.nullable(int())),
      c: z.nullable(z.optional(z.object({ d: z.boolean() }))),
      e: z.optional(z.array(int())),
    });
    expect(planResponseSerializer(schema).kind).toBe('fast-json-stringify');
    const serialize = compile(schema);
    for (const data of [
      {},
      { a: undefined, b: undefined, c: undefined },
      { b: null, c: null },
      { a: 'x', c: { d: false } },
    ]) {
      expect(JSON.parse(serialize(data)), JSON.stringify(data)).toStrictEqual(zodWire(schema, data));
    }
  });

  it('keeps literals exact, refusing a value outside them like zod', () => {
    const schema: $ZodType = z.object({
      is_loading: z.union([z.literal(0), z.literal(1)]),
      ok: z.literal(true),
      tag: z.nullable(z.literal('x')),
      level: z.nullable(z.union([z.literal(1), z.literal(2)])),
    });
    expect(planResponseSerializer(schema).kind).toBe('fast-json-stringify');
    const serialize = compile(schema);
    for (const data of [
      { is_loading: 1, ok: true, tag: 'x', level: 2 },
      { is_loading: 0, ok: true, tag: null, level: null },
    ]) {
      expect(JSON.parse(serialize(data))).toStrictEqual(zodWire(schema, data));
    }
    const valid = { is_loading: 1, ok: true, tag: 'x', level: 1 };
    for (const wrong of [{ is_loading: 2 }, { ok: false }, { tag: 'y' }, { level: 3 }]) {
      expect(() => encode(schema, { ...valid, ...wrong })).toThrow();
      expect(() => serialize({ ...valid, ...wrong }), JSON.stringify(wrong)).toThrow();
    }
  });

  const dateSchema = z.object({ at: z.date() });
  const codecSchema = z.object({
    at: z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    }),
  });
  const recursive = z.object({
    name: z.string(),
    get children() {
      return z.array(recursive);
    },
  });
  it.each([
    { kind: 'z.date()', schema: dateSchema, data: { at: new Date(0) } },
    { kind: 'a codec', schema: codecSchema, data: { at: new Date(0) } },
    { kind: 'a record', schema: z.object({ r: z.record(z.string(), int()) }), data: { r: { x: 1 } } },
    { kind: 'a loose object', schema: z.looseObject({ a: int() }), data: { a: 1 } },
    { kind: 'a strict object', schema: z.strictObject({ a: int() }), data: { a: 1 } },
    {
      kind: 'a union of objects',
      schema: z.union([z.object({ a: int() }), z.object({ b: z.string() })]),
      data: { b: 'x' },
    },
    {
      kind: 'a recursive schema',
      schema: recursive,
      data: { name: 'a', children: [{ name: 'b', children: [] }] },
    },
    { kind: 'an overwrite check', schema: z.object({ s: z.string().check(z.trim()) }), data: { s: ' x ' } },
    { kind: 'a default', schema: z.object({ n: z._default(int(), 3) }), data: { n: 5 } },
  ])('falls back to zod for $kind, with its output and its error', ({ schema, data }) => {
    expect(planResponseSerializer(schema).kind).toBe('zod');
    const serialize = compile(schema);
    expect(serialize(data)).toBe(JSON.stringify(encode(schema, data)));
    expect(() => serialize(Symbol('not the data'))).toThrow(ResponseSerializationError);
  });

  it('falls back to zod for a transform and a bigint, which zod itself cannot write', () => {
    const transform = z.pipe(
      z.object({ a: int() }),
      z.transform((v) => v.a),
    );
    expect(planResponseSerializer(transform).kind).toBe('zod');
    expect(() => compile(transform)({ a: 1 })).toThrow(/transform/i);
    const bigint = z.object({ n: z.bigint() });
    expect(planResponseSerializer(bigint).kind).toBe('zod');
    expect(() => compile(bigint)({ n: 1n })).toThrow(/BigInt/);
  });

  it('keeps the fallback for a route schema that is not zod at all (the library reports it)', () => {
    expect(() =>
      responseSerializerCompiler({ schema: { type: 'object' } as never, method: 'GET', url: '/t' }),
    ).toThrow(/Invalid schema/);
  });
});
