/**
 * Response serialization without running zod on every reply.
 *
 * fastify-type-provider-zod's `serializerCompiler` runs `safeEncode` and then `JSON.stringify` for each
 * response, a measurable share of the CPU of the hot routes. This compiler instead converts a route's zod
 * response schema to JSON Schema once, at startup, and compiles it with fast-json-stringify. The property
 * we must not lose: a field that is not in the schema never reaches the client. fast-json-stringify
 * writes only the declared `properties` of an object whose `additionalProperties` is false, so we accept
 * a schema only when every object in it is such an object.
 *
 * What the fast path gives up: zod's value checks (an enum member, an integer, a string format). The
 * handlers' return types are checked against the schemas by TypeScript, and a missing required field or
 * a value that is not even a number still throws inside fast-json-stringify. The shape (which keys, null
 * or not) is kept exactly.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodRegistry, $ZodType, toJSONSchema, type $ZodTypes } from 'zod/v4/core';

/** What a route declares as response schema (fastify-type-provider-zod also accepts `{ properties }`). */
export type ResponseSchema = $ZodType | { properties: $ZodType };

type JsonSchema = { [keyword: string]: unknown };

export type SerializerPlan =
  | { kind: 'fast-json-stringify'; jsonSchema: JsonSchema; serialize: (data: unknown) => string }
  | { kind: 'zod'; reason: string };

/** A schema (or part of one) whose fast-json-stringify output could differ from zod's. */
class UnfaithfulSchemaError extends Error {}

/**
 * The one serializer compiler of the app. A schema that cannot be converted faithfully (see
 * `planResponseSerializer`) keeps the library's behaviour for that route: zod `safeEncode`, then
 * `JSON.stringify`, and a `ResponseSerializationError` when the data does not match.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (routeSchema) => {
  const schema = zodSchemaOf(routeSchema.schema);
  const plan = schema === undefined ? undefined : planResponseSerializer(schema);
  return plan?.kind === 'fast-json-stringify' ? plan.serialize : zodSerializerCompiler(routeSchema);
};

/** How a response schema will be serialized, and why not by fast-json-stringify when it is not. */
export function planResponseSerializer(schema: $ZodType): SerializerPlan {
  try {
    assertFaithfulZod(schema, new Set());
    const converted = toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      // An empty registry: ids given for OpenAPI components would otherwise turn into `$ref`s.
      metadata: new $ZodRegistry(),
    });
    // Names the JSON Schema dialect only; `prepareForFastJson` refuses keywords it does not know.
    delete converted.$schema;
    const jsonSchema = prepareForFastJson(converted, '#');
    return { kind: 'fast-json-stringify', jsonSchema, serialize: fastJson(jsonSchema) };
  } catch (error) {
    return { kind: 'zod', reason: error instanceof Error ? error.message : String(error) };
  }
}

function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof $ZodType) return properties;
  }
  // Not a zod schema: the library's compiler reports it (InvalidSchemaError).
  return undefined;
}

/**
 * Walks the zod schema itself, because JSON Schema cannot show everything that changes zod's output:
 * a codec or transform, an overwrite check (`z.trim()`), coercion, a default. Only kinds whose encoded
 * output is the input value itself, minus undeclared keys, are accepted.
 */
function assertFaithfulZod(schema: $ZodType, ancestors: Set<$ZodType>): void {
  if (ancestors.has(schema)) throw new UnfaithfulSchemaError('recursive schema');
  const def = (schema as $ZodTypes)._zod.def;
  if ('coerce' in def && def.coerce) throw new UnfaithfulSchemaError(`coerced ${def.type}`);
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) {
    throw new UnfaithfulSchemaError(`${def.type} with an overwrite check`);
  }
  ancestors.add(schema);
  for (const child of faithfulChildren(schema as $ZodTypes)) assertFaithfulZod(child, ancestors);
  ancestors.delete(schema);
}

const PRIMITIVE_KINDS = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

/** The sub-schemas to check next; throws for a kind outside the accepted set. */
function faithfulChildren(schema: $ZodTypes): readonly $ZodType[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'enum':
      return [];
    case 'literal':
      // bigint and undefined literals have no JSON form of their own.
      if (def.values.some((value) => typeof value === 'bigint' || value === undefined)) {
        throw new UnfaithfulSchemaError('bigint or undefined literal');
      }
      return [];
    case 'object':
      // A loose object passes unknown keys through and a strict one refuses them; both differ from dropping.
      if (def.catchall !== undefined) {
        throw new UnfaithfulSchemaError('object with a catchall (loose or strict)');
      }
      return Object.values(def.shape);
    case 'array':
      return [def.element];
    case 'optional':
    case 'nullable':
    case 'readonly':
      return [def.innerType];
    case 'union':
      // fast-json-stringify picks a union branch with Ajv, where an object branch refuses extra keys that zod
      // strips; unions of primitives choose the same branch in both.
      if (def.options.some((option) => !PRIMITIVE_KINDS.has((option as $ZodTypes)._zod.def.type))) {
        throw new UnfaithfulSchemaError('union with a non-primitive branch');
      }
      return def.options;
    default:
      throw new UnfaithfulSchemaError(`${def.type} schema`);
  }
}

/** Keywords fast-json-stringify does not use to shape the output (they only matter to Ajv in unions). */
const PASSIVE_KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'title',
  'description',
  'examples',
]);

/**
 * Copies zod's JSON Schema into the dialect fast-json-stringify serializes faithfully, and refuses every
 * keyword it does not know to be harmless. Without the `nullable` rewrite fast-json-stringify would
 * write `null` as `0`, `""` or `{}`.
 */
function prepareForFastJson(node: unknown, path: string): JsonSchema {
  if (!isJsonObject(node)) throw new UnfaithfulSchemaError(`${path}: not a schema object`);
  const nullable = nullableParts(node);
  if (nullable) return withNull({ ...prepareForFastJson(nullable.inner, path), ...nullable.annotations });
  const out = copyKeywords(node, path);
  // fast-json-stringify writes a `const` from the schema whatever the value is. Inside `anyOf`, Ajv first
  // checks the value, so a wrong one is refused as zod refuses it.
  return out.const === undefined ? out : { anyOf: [out] };
}

function copyKeywords(node: JsonSchema, path: string): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'properties' && isJsonObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([key, child]) => [key, prepareForFastJson(child, `${path}/${key}`)]),
      );
    } else if (keyword === 'items') {
      out.items = prepareForFastJson(value, `${path}/items`);
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      // Branches are checked by Ajv before one is written, so they keep their `const`.
      out.anyOf = value.map((branch, i) => {
        if (!isJsonObject(branch)) throw new UnfaithfulSchemaError(`${path}/anyOf/${i}: not a schema object`);
        return copyKeywords(branch, `${path}/anyOf/${i}`);
      });
    } else if (keyword === 'additionalProperties' && value === false) {
      out.additionalProperties = false;
    } else if (keyword === 'type' && Array.isArray(value)) {
      Object.assign(out, nullableType(value, path));
    } else if (keyword === 'const' || PASSIVE_KEYWORDS.has(keyword)) {
      out[keyword] = value;
    } else {
      throw new UnfaithfulSchemaError(`${path}: keyword ${keyword}=${JSON.stringify(value)}`);
    }
  }
  assertSerializableShape(out, path);
  return out;
}

/** A union takes null as one more Ajv-checked branch; any other schema says `nullable: true`. */
function withNull(schema: JsonSchema): JsonSchema {
  return Array.isArray(schema.anyOf)
    ? { ...schema, anyOf: [...(schema.anyOf as unknown[]), { type: 'null' }] }
    : { ...schema, nullable: true };
}

/** zod writes a nullable primitive as `type: [X, 'null']`; one spelling of nullable is easier to check. */
function nullableType(types: unknown[], path: string): JsonSchema {
  const [other, ...rest] = types.filter((type) => type !== 'null');
  if (types.length !== 2 || rest.length > 0 || typeof other !== 'string') {
    throw new UnfaithfulSchemaError(`${path}: type ${JSON.stringify(types)}`);
  }
  return { type: other, nullable: true };
}

function assertSerializableShape(schema: JsonSchema, path: string): void {
  if ((schema.type === 'object' || 'properties' in schema) && schema.additionalProperties !== false) {
    throw new UnfaithfulSchemaError(`${path}: object without additionalProperties: false`);
  }
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  if (branches.some((branch) => branch.type !== 'null' && !isPrimitiveType(branch.type))) {
    throw new UnfaithfulSchemaError(`${path}: anyOf with a non-primitive branch`);
  }
}

/** zod's nullable, `anyOf: [X, { type: 'null' }]`, split so that `withNull` can say it once. */
function nullableParts(node: JsonSchema): { inner: JsonSchema; annotations: JsonSchema } | undefined {
  const { anyOf, ...annotations } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const isNull = (branch: unknown) =>
    isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
  const inner = anyOf.find((branch) => !isNull(branch));
  if (!isJsonObject(inner) || !anyOf.some(isNull)) return undefined;
  if (Object.keys(annotations).some((keyword) => !PASSIVE_KEYWORDS.has(keyword))) return undefined;
  return { inner, annotations };
}

function isPrimitiveType(type: unknown): boolean {
  return typeof type === 'string' && ['string', 'number', 'integer', 'boolean'].includes(type);
}

function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
