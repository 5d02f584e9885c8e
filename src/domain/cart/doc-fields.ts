import type { Doc } from '../catalog-query/types';

/** Narrow readers for loosely typed catalogue documents (product JSON as imported). */
export type { Doc };

export const isRecord = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string, number or boolean field as text; anything else (absent, object) gives the fallback. */
export function textOf(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}

/** The records of a list field; anything that is not a list of records reads as empty. */
export function recordsOf(value: unknown): Doc[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
