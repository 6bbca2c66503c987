import fc from 'fast-check';

/**
 * Generated bad input for every route of the OpenAPI document (`/docs/openapi.json`, built from the
 * registered routes and their contract schemas), so a route added later is walked without editing the
 * test. See `generated-input.api.test.ts` for what is asserted.
 */

/** The part of a JSON Schema (as the contract's schemas come out in the OpenAPI document) used here. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: 'query' | 'header' | 'path' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  path: string;
  query: OpenApiParameter[];
  headers: OpenApiParameter[];
  body: JsonSchema | undefined;
}

/** Every operation of the document, e.g. `POST /api/bet` with its query, header and body schemas. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** A request as `inject` takes it; `url` is already encoded (or deliberately broken). */
export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was broken, for the failure message. */
  breaks: string;
}

export const BODY_LIMIT_BYTES = 256 * 1024;

/** Percent-encoding a string cannot always do (lone surrogates); those become a broken escape instead. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%zz';
  }
}

/** Raw, already "encoded" text that no decoder accepts, or that decodes to control characters. */
export const BROKEN_ENCODINGS = ['%zz', '%', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%%', '%u0041'];
const brokenEncoding = fc.constantFrom(...BROKEN_ENCODINGS);

/** Values that are wrong for most typed parameters: wrong types, far bounds, odd numbers, odd dates. */
const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '9'.repeat(40),
    String(Number.MAX_SAFE_INTEGER + 2),
    'true',
    'null',
    '[]',
    '{}',
    '9999-12-31',
    '0000-00-00',
    '1999-12-31',
    '2101-01-01',
    '2024-02-30',
    '2024-13-01',
    '+010000-01-01',
    "' or 1=1 --",
    '<script>',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const hugeText = fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'x'.repeat(n));

/**
 * Values at and past the edges the parameter's own schema declares: each enum value and near misses of
 * it, the bounds of a number and one past them, dates at and past the contract's date bounds (any
 * `pattern` parameter is a date today). Read from the document, so a new parameter gets its own edges.
 */
export function edgeValues(schema: JsonSchema | undefined): string[] {
  const values: string[] = [];
  for (const value of schema?.enum ?? []) {
    const text = String(value);
    values.push(text, text.toLowerCase(), ` ${text}`, `${text}x`);
  }
  if (schema?.type === 'integer' || schema?.type === 'number') {
    for (const bound of [schema.minimum, schema.maximum]) {
      if (bound !== undefined) values.push(String(bound), String(bound - 1), String(bound + 1), `${bound}.5`);
    }
  }
  if (schema?.pattern !== undefined) {
    values.push(
      ...['2000-01-01', '2100-12-31', '1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01'],
      ...['2024-02-29', '2023-02-29', '2024-02-30', '2024-00-10', '2024-13-01', '2024-12-32', '2026-11-23'],
    );
  }
  return values;
}

/** One query value, encoded (or broken) for the URL. */
const queryValue = (schema: JsonSchema | undefined): fc.Arbitrary<string> => {
  const edges = edgeValues(schema);
  return fc.oneof(
    { weight: 3, arbitrary: oddText.map(encode) },
    { weight: 1, arbitrary: brokenEncoding },
    { weight: 1, arbitrary: hugeText },
    // Edge values (valid ones included, so the other parameters' checks are reached too).
    { weight: edges.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...edges, '1').map(encode) },
  );
};

const unknownName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'x', 'page[]', 'a.b', 'type[0]'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** `name=value` pairs: declared parameters (maybe twice), unknown ones, broken ones. */
function queryString(query: OpenApiParameter[]): fc.Arbitrary<string> {
  const chaos = chaoticQuery(query);
  if (query.length === 0) return chaos;
  // Focused: one parameter bad or at an edge, the others well-formed or absent, so the check of that one
  // parameter is reached instead of being hidden behind another parameter's 422.
  const focused = fc.integer({ min: 0, max: query.length - 1 }).chain((index) =>
    fc
      .tuple(
        ...query.map((p, i) =>
          i === index
            ? focusedValue(p.schema).map((v) => `${encode(p.name)}=${v}`)
            : fc.option(
                wellFormedValue(p.schema).map((v) => `${encode(p.name)}=${encode(v)}`),
                {
                  nil: undefined,
                },
              ),
        ),
      )
      .map((pairs) => `?${pairs.filter((pair): pair is string => pair !== undefined).join('&')}`),
  );
  return fc.oneof(chaos, focused, focused);
}

/** The one parameter under focus: mostly its edges. */
function focusedValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const edges = edgeValues(schema);
  if (edges.length === 0) return queryValue(schema);
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...edges).map(encode) }, queryValue(schema));
}

/** The first well-formed value of a parameter, for the deterministic edge walk. */
export function aWellFormedValue(schema: JsonSchema | undefined): string {
  if (schema?.enum && schema.enum.length > 0) return String(schema.enum[0]);
  if (schema?.type === 'integer' || schema?.type === 'number')
    return String(Math.max(schema.minimum ?? 1, 1));
  if (schema?.pattern !== undefined) return '2026-11-23';
  return 'a';
}

/** A value of the parameter's declared form (its enum, a number within its bounds, a date in range). */
function wellFormedValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  if (schema?.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum.map(String));
  if (schema?.type === 'integer' || schema?.type === 'number') {
    const min = Math.max(schema.minimum ?? 0, -1_000);
    return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1_000, 1_000)) }).map(String);
  }
  if (schema?.pattern !== undefined) return fc.constantFrom('2000-01-01', '2026-11-23', '2100-12-31');
  return fc.string({ maxLength: 10 });
}

/** Every parameter maybe present (maybe twice), with any value, plus unknown and broken pairs. */
function chaoticQuery(query: OpenApiParameter[]): fc.Arbitrary<string> {
  const declared = query.map((p) =>
    fc.option(
      fc
        .array(queryValue(p.schema), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((v) => `${encode(p.name)}=${v}`)),
      // Mostly present: a missing parameter tests less than a bad one.
      { nil: undefined, freq: 4 },
    ),
  );
  const unknown = fc.array(
    fc.tuple(unknownName, oddText).map(([name, value]) => `${encode(name)}=${encode(value)}`),
    { maxLength: 2 },
  );
  const broken = fc.array(
    fc.oneof(
      brokenEncoding.map((b) => `${b}=1`),
      fc.constantFrom('=', '&&', 'page', '=1', 'a=b=c'),
    ),
    { maxLength: 1 },
  );
  return fc.tuple(fc.tuple(...declared), unknown, broken).map(([d, u, b]) => {
    const pairs = [...d.flat().filter((p): p is string => p !== undefined), ...u, ...b];
    return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
  });
}

/** The route's path, or the path with a bad segment (broken encoding, traversal, an extra segment). */
/** A value for a path parameter (`{id}`): ids that exist or not, out of range, of the wrong kind, encoded. */
const pathParameter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '0',
    '-1',
    '999999999',
    '9007199254740993',
    '1e3',
    '0x10',
    '1.5',
    'abc',
    '%20',
    '%00',
  ),
  fc.nat().map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** The path with each `{parameter}` filled by a generated value (the literal `{id}` stays one case of many). */
function filledPath(path: string): fc.Arbitrary<string> {
  const parts = path.split(/(\{[^}]+\})/);
  if (parts.length === 1) return fc.constant(path);
  return fc
    .tuple(...parts.map((part) => (/^\{[^}]+\}$/.test(part) ? pathParameter : fc.constant(part))))
    .map((filled) => filled.join(''));
}

function pathOf(path: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(path) },
    { weight: 4, arbitrary: filledPath(path) },
    { weight: 1, arbitrary: brokenEncoding.map((b) => `${path}/${b}`) },
    { weight: 1, arbitrary: brokenEncoding.map((b) => `${path}${b}`) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('/', '//', '/..', '/%2e%2e/%2e%2e/etc/passwd', '/1', '/.json')
        .map((s) => `${path}${s}`),
    },
  );
}

/** A JSON value of none of the schema's types, so the field is wrong whatever the rest holds. */
function wrongTypeValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  if (!types) return undefined;
  const byType: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 20 })],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.jsonValue(), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 })],
    ['null', fc.constant(null)],
  ];
  // A number is also an integer's type; an integer field given a number may still be whole.
  const excluded = new Set(
    types.includes('number') || types.includes('integer') ? [...types, 'integer', 'number'] : types,
  );
  const wrong = byType.filter(([type]) => !excluded.has(type)).map(([, arbitrary]) => arbitrary);
  return wrong.length === 0 ? undefined : fc.oneof(...wrong);
}

/** Any JSON value a field might hold, bad or good: the base that a guaranteed break is applied to. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  oddText,
  hugeText,
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000_000 }),
);

/** A JSON object written from its entries, so keys such as `__proto__` reach the server as sent. */
function objectText(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

/**
 * A JSON object body that the route's schema refuses whatever else it holds: each case applies one
 * break that alone makes the body invalid (a missing required field, a required field of the wrong
 * type, a field not allowed by a strict object, a string over its `maxLength`). The other fields hold
 * anything, good or bad.
 */
function invalidObjectBody(schema: JsonSchema): fc.Arbitrary<{ payload: string; breaks: string }> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = schema.required ?? [];
  const base = fc
    .tuple(
      ...names.map((name) =>
        fc.option(fieldValue, { nil: undefined }).map((value): readonly [string, unknown] => [name, value]),
      ),
    )
    .map((entries) => entries.filter((entry): entry is readonly [string, unknown] => entry[1] !== undefined));
  const without = (entries: readonly (readonly [string, unknown])[], name: string) =>
    entries.filter(([key]) => key !== name);
  const breaks: fc.Arbitrary<{ payload: string; breaks: string }>[] = [];
  for (const name of required) {
    breaks.push(
      base.map((entries) => ({
        payload: objectText(without(entries, name)),
        breaks: `body without required ${name}`,
      })),
    );
  }
  for (const name of names) {
    const property = properties[name] ?? {};
    const wrong = wrongTypeValue(property);
    if (wrong) {
      breaks.push(
        fc.tuple(base, wrong).map(([entries, value]) => ({
          payload: objectText([...without(entries, name), [name, value]]),
          breaks: `body.${name} of the wrong type`,
        })),
      );
    }
    if (property.type === 'string' && property.maxLength !== undefined) {
      const over = property.maxLength + 1;
      breaks.push(
        fc.tuple(base, fc.integer({ min: over, max: over + 5_000 })).map(([entries, length]) => ({
          payload: objectText([...without(entries, name), [name, 'y'.repeat(length)]]),
          breaks: `body.${name} over its maxLength`,
        })),
      );
    }
  }
  if (schema.additionalProperties === false) {
    breaks.push(
      fc
        .tuple(base, fc.oneof(unknownName, fc.string({ minLength: 1, maxLength: 12 })), fieldValue)
        .filter(([, key]) => !names.includes(key))
        .map(([entries, key, value]) => ({
          payload: objectText([...entries, [key, value]]),
          breaks: `body with the unknown field ${JSON.stringify(key)}`,
        })),
    );
  }
  if (breaks.length === 0) {
    throw new Error('a body schema without required, typed or strict fields cannot be broken for sure');
  }
  return fc.oneof(...breaks);
}

/**
 * A body no route can read or accept: not JSON, a content type no parser takes, over the size cap, or
 * JSON of the wrong kind for the schema (an array, a string, null…).
 */
const unreadableBody: fc.Arbitrary<{ payload: string; contentType: string; breaks: string }> = fc.oneof(
  fc
    .constantFrom('{', '{"a":', '[1,', 'undefined', "{'a':1}", '{"a":1}}', '\u0000', '{"__proto__":')
    .map((payload) => ({ payload, contentType: 'application/json', breaks: 'malformed JSON' })),
  fc
    .tuple(
      fc.constantFrom('application/x-lotto', 'image/png', 'multipart/form-data; boundary=x'),
      fc.string(),
    )
    .map(([contentType, payload]) => ({ payload, contentType, breaks: `content type ${contentType}` })),
  fc.constant({
    payload: JSON.stringify({ pad: 'z'.repeat(BODY_LIMIT_BYTES) }),
    contentType: 'application/json',
    breaks: 'body over the size cap',
  }),
);

const wrongKindJson = fc
  .oneof(
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
  )
  .map((value) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    breaks: 'JSON not an object',
  }));

/** Header values for declared headers (the bet's `idempotency-key`): missing, malformed, or well-formed. */
function headerValues(headers: OpenApiParameter[]): fc.Arbitrary<Record<string, string>> {
  // Headers every route reads, whether declared or not: the request id, the XSRF token (a wrong one on
  // a write is a 419), the proxy's client address (ignored without TRUST_PROXY), the caller's languages.
  const visibleAscii = fc.string({ maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
  const common = (['x-request-id', 'x-xsrf-token', 'x-forwarded-for', 'accept-language'] as const).map(
    (name) =>
      fc
        .option(fc.oneof(visibleAscii, fc.constantFrom('', 'x'.repeat(8_000), '../../', 'null')), {
          nil: undefined,
          freq: 3,
        })
        .map((value) => [name, value] as const),
  );
  const entries = [
    ...common,
    ...headers.map((h) =>
      fc
        .option(
          fc.oneof(
            fc.constantFrom('', 'short', 'x'.repeat(65), 'has space in it ok?', '0123456789abcdef'),
            fc.stringMatching(/^[A-Za-z0-9-]{16,64}$/),
            // Header values must be visible ASCII; anything else is refused by HTTP itself.
            fc.string({ maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          ),
          { nil: undefined },
        )
        .map((value) => [h.name, value] as const),
    ),
  ];
  return fc
    .tuple(...entries)
    .map((pairs) =>
      Object.fromEntries(pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined)),
    );
}

/**
 * Requests to `operation` that must all be refused or answered without a change:
 * - a read (GET) gets any mix of bad and good query values, headers and paths;
 * - a write (any other method) always carries at least one break that alone refuses it before its
 *   handler: an unreadable body, JSON of the wrong kind, or an object body with one guaranteed break
 *   (`invalidObjectBody`); a write without a body schema only gets unreadable bodies. So a generated
 *   request never places a bet, logs in or out, or changes a password.
 */
export function badRequestsFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const isWrite = operation.method !== 'GET' && operation.method !== 'HEAD';
  const target = fc.tuple(
    pathOf(operation.path),
    queryString(operation.query),
    headerValues(operation.headers),
  );
  if (!isWrite) {
    return target.map(([path, query, headers]) => ({
      method: operation.method,
      url: `${path}${query}`,
      headers,
      breaks: 'read with generated path, query and headers',
    }));
  }
  const bodies: fc.Arbitrary<{ payload: string; contentType: string; breaks: string }>[] = [unreadableBody];
  if (operation.body) {
    bodies.push(wrongKindJson);
    const invalid = invalidObjectBody(operation.body).map((b) => ({ ...b, contentType: 'application/json' }));
    // Most cases are objects of the right form with one break, so the checks past the first are reached.
    bodies.push(invalid, invalid, invalid);
  }
  return fc.tuple(target, fc.oneof(...bodies)).map(([[path, query, headers], body]) => ({
    method: operation.method,
    url: `${path}${query}`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
    breaks: body.breaks,
  }));
}

/**
 * Methods no route takes on a path of the document (404 without a change). HEAD is left out: Fastify
 * answers it for every GET route.
 */
export function unroutedRequests(operations: readonly Operation[]): fc.Arbitrary<GeneratedRequest> {
  const routed = new Set(operations.map((o) => `${o.method} ${o.path}`));
  const candidates = [...new Set(operations.map((o) => o.path))].flatMap((path) =>
    ['GET', 'DELETE', 'PATCH', 'PUT', 'POST', 'OPTIONS']
      .filter((method) => !routed.has(`${method} ${path}`))
      .map((method) => ({ method, path })),
  );
  return fc.constantFrom(...candidates).map(({ method, path }) => ({
    method,
    url: path,
    headers: { 'content-type': 'application/json' },
    payload: method === 'GET' || method === 'OPTIONS' ? undefined : '{}',
    breaks: `${method} on ${path}, which has no such route`,
  }));
}

/**
 * Amounts a JSON number carries exactly but the domain's riel does not hold (it stops at ±10^15,
 * `RIEL_MAX`): the largest and smallest safe integers, and one riel past each bound. Such an amount once
 * got past the contract on `POST /api/bet` and made `riel()` throw in the handler: a 500 (issue 21 item 7).
 */
export const MONEY_EDGES = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1_000_000_000_000_001,
  -1_000_000_000_000_001,
] as const;

/** The names the contract gives money fields (whole riel); a new money field is walked by its name. */
const MONEY_FIELD = /^(amount|stake|price|balance|payout|win|\w+_(amount|stake|balance|payout))$/;

/** Text that most string schemas of a body or a header take (ids, keys), tried in order against each. */
const WELL_FORMED_TEXTS = ['abcdefgh-1234-5678-9abc', '2026-11-23', 'a'];

/** A well-formed value of a schema, and the paths (from that value) of the money fields in it. */
interface Shaped {
  value: unknown;
  money: (string | number)[][];
}

function wellFormedText(schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
  const fits = (text: string) =>
    text.length >= min && text.length <= max && (pattern === undefined || pattern.test(text));
  return WELL_FORMED_TEXTS.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

/**
 * Every well-formed shape of a schema a route reads: one per branch of each union (a `oneOf` of bet
 * items gives a RANGE item and a NUMBER item), the other fields at their first well-formed value. An
 * object holds its required fields and its money fields. Only what the schema says is used, so a route
 * or a money field added later is walked with no edit.
 */
function wellFormedShapes(schema: JsonSchema, name = ''): Shaped[] {
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return branches.flatMap((branch) => wellFormedShapes(branch, name));
  if (schema.enum && schema.enum.length > 0) return [{ value: schema.enum[0], money: [] }];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return [
        {
          value: Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1),
          money: MONEY_FIELD.test(name) ? [[]] : [],
        },
      ];
    case 'boolean':
      return [{ value: true, money: [] }];
    case 'string':
      return [{ value: wellFormedText(schema), money: [] }];
    case 'array': {
      const count = Math.max(schema.minItems ?? 1, 1);
      return wellFormedShapes(schema.items ?? {}, name).map((item) => ({
        value: Array.from({ length: count }, () => item.value),
        // The first element's money fields: one at the edge is enough to refuse the whole body.
        money: item.money.map((path) => [0, ...path]),
      }));
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {}).filter(
        ([key]) => (schema.required ?? []).includes(key) || MONEY_FIELD.test(key),
      );
      const shapes = properties.map(([key, property]) => [key, wellFormedShapes(property, key)] as const);
      const objectOf = (picked: readonly (readonly [string, Shaped])[]): Shaped => ({
        value: Object.fromEntries(picked.map(([key, shape]) => [key, shape.value])),
        money: picked.flatMap(([key, shape]) => shape.money.map((path) => [key, ...path])),
      });
      const first = shapes.map(([key, options]) => [key, options[0]!] as const);
      // Each other branch of one field, the rest at their first: every branch is walked, without the product.
      const others = shapes.flatMap(([key, options], i) =>
        options
          .slice(1)
          .map((option) => objectOf(first.map((entry, j) => (j === i ? [key, option] : entry)))),
      );
      return [objectOf(first), ...others];
    }
    default:
      return [{ value: null, money: [] }];
  }
}

/** `value` with the field at `path` set to `amount` (a copy). */
function withAmountAt(value: unknown, path: readonly (string | number)[], amount: number): unknown {
  if (path.length === 0) return amount;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, i) => (i === head ? withAmountAt(item, rest, amount) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [head!]: withAmountAt(object[head!], rest, amount) };
}

/** A body well-formed but for one money field at one of `MONEY_EDGES`. */
export interface MoneyEdgeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string;
  /** The field as the error names it (`bets.0.amount`). */
  field: string;
  amount: number;
}

/**
 * For each money field of a write route's body (found by name, in nested arrays and every union branch),
 * each amount of `MONEY_EDGES` in an otherwise well-formed body, with its declared headers well-formed:
 * the contract alone must refuse it (422, the field named), whatever the handler would do with it.
 */
export function moneyEdgeRequests(operation: Operation): MoneyEdgeRequest[] {
  if (!operation.body) return [];
  const headers = Object.fromEntries(
    operation.headers.map((h) => [h.name, wellFormedText(h.schema ?? {})] as const),
  );
  const requests = new Map<string, MoneyEdgeRequest>();
  for (const shape of wellFormedShapes(operation.body)) {
    for (const path of shape.money) {
      for (const amount of MONEY_EDGES) {
        const payload = JSON.stringify(withAmountAt(shape.value, path, amount));
        requests.set(payload, {
          method: operation.method,
          url: operation.path,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
          field: path.join('.'),
          amount,
        });
      }
    }
  }
  return [...requests.values()];
}
