import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';

/** react-hook-form with a valibot schema (no resolver package is installed): first message per field. */
export function valibotResolver<T extends FieldValues>(schema: v.GenericSchema<unknown, T>): Resolver<T> {
  return async (values) => {
    const result = v.safeParse(schema, values);
    if (result.success) return { values: result.output, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const key = v.getDotPath(issue);
      if (key && !errors[key]) errors[key] = { type: issue.type, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
