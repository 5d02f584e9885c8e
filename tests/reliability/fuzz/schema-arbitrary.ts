import fc from 'fast-check';
import type { JsonSchema } from '../../helpers/openapi-endpoints';

/**
 * Mostly valid values for a JSON schema (the subset the server's valibot schemas produce):
 * the starting point the mutations bend. Lengths and counts are kept small; huge and deep
 * values come from the mutations. `hints` offer real values by field name (a cart id that
 * exists, a sku in the catalogue), so generated requests also get past the "not found" checks.
 */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

interface Context {
  root: JsonSchema;
  hints: Hints;
}

const MAX_STRING = 24;
const MAX_ITEMS = 3;

export function schemaArbitrary(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return build(schema, { root: schema, hints }, 0);
}

function num(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' ? value : undefined;
}

function resolve(schema: JsonSchema, ctx: Context): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/\$defs\//, '');
  const defs = (ctx.root.$defs ?? {}) as Record<string, JsonSchema>;
  return defs[name] ?? {};
}

function build(raw: JsonSchema, ctx: Context, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw, ctx);
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(choices) && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => build({ ...schema, anyOf: undefined, oneOf: undefined, type: undefined, ...choice }, ctx, depth + 1)));
  }
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: num(schema, 'minimum') ?? -1000, max: Math.min(num(schema, 'maximum') ?? 100_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: num(schema, 'minimum') ?? -1e6, max: num(schema, 'maximum') ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(build((schema.items as JsonSchema | undefined) ?? {}, ctx, depth + 1), {
        minLength: num(schema, 'minItems') ?? 0,
        maxLength: Math.max(num(schema, 'minItems') ?? 0, Math.min(num(schema, 'maxItems') ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object':
      return objectFor(schema, ctx, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema, 'minLength') ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema, 'maxLength') ?? MAX_STRING, MAX_STRING));
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, 64));
  }
  return fc.string({ minLength, maxLength });
}

function objectFor(schema: JsonSchema, ctx: Context, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) {
    const open = schema.additionalProperties !== false;
    return open ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) : fc.constant({});
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const own = build(properties[name] ?? {}, ctx, depth + 1);
    const hinted = ctx.hints[name];
    model[name] = hinted && hinted.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: own }) : own;
  }
  return fc.record(model, { requiredKeys: names.filter((n) => required.has(n)) });
}

/** A query or path value as text: the schema's value written as a string, or a hint. */
export function textArbitrary(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  // A list in a query is a comma list (`entities=product,category`).
  const own = schemaArbitrary(schema).map((value) => (typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : (JSON.stringify(value) ?? '')));
  const hinted = hints[name];
  return hinted && hinted.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted.map(String)) }, { weight: 1, arbitrary: own }) : own;
}
