/**
 * The shape of a local collection's JSON schema, written without importing the database library so
 * that `schemas/` stays dependency-free; `src/db/` hands these to RxDB as they are.
 *
 * Storage rules that shape every schema here (Dexie storage): an indexed field must be `required`,
 * strings in indexes need `maxLength`, numbers in indexes need `minimum`, `maximum` and `multipleOf`.
 * Money is whole pence (`type: 'integer'`) so indexes, sorts and sums are exact.
 */
export interface JsonSchemaProperty {
  type?: string | readonly string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  enum?: readonly (string | number | boolean | null)[];
  items?: JsonSchemaProperty;
  maxItems?: number;
  properties?: Readonly<Record<string, JsonSchemaProperty>>;
  additionalProperties?: boolean;
  required?: readonly string[];
  default?: unknown;
  description?: string;
}

export interface CollectionSchema {
  title: string;
  description?: string;
  version: number;
  primaryKey: string;
  type: 'object';
  properties: Readonly<Record<string, JsonSchemaProperty>>;
  required: readonly string[];
  indexes?: readonly (string | readonly string[])[];
}

/** Turns a document of the previous schema version into one of the next; must be pure. */
export type MigrationStrategy = (oldDocument: Record<string, unknown>) => Record<string, unknown> | null;

/** A collection's schema plus one migration per version above 0 (key n migrates n-1 → n). */
export interface CollectionDefinition {
  schema: CollectionSchema;
  migrationStrategies: Readonly<Record<number, MigrationStrategy>>;
}

/** An integer amount of pence, usable in an index. */
export const PENCE: JsonSchemaProperty = { type: 'integer', minimum: 0, maximum: 1_000_000_000, multipleOf: 1 };
/** Epoch milliseconds, usable in an index. */
export const EPOCH_MS: JsonSchemaProperty = { type: 'integer', minimum: 0, maximum: 9_999_999_999_999, multipleOf: 1 };
export const NULLABLE_EPOCH_MS: JsonSchemaProperty = { type: ['integer', 'null'] };
/** Any JSON object as the server or the shopper wrote it. */
export const OPEN_OBJECT: JsonSchemaProperty = { type: 'object', additionalProperties: true };
