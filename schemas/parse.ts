import * as v from 'valibot';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Describes the first problem with the path of the field that has it, e.g. `cartItem.qty: ...`. */
export function describeIssue(issue: v.BaseIssue<unknown>, root = 'body'): string {
  const path = v.getDotPath(issue);
  const where = path ? path : root;
  if (issue.type === 'strict_object' && issue.input !== undefined && issue.expected === 'never') {
    return `${where}: unknown field`;
  }
  if (issue.input === undefined && issue.kind === 'schema') return `${where}: is required`;
  return `${where}: ${issue.message}`;
}

/** Validates untrusted input against a shared schema; never throws. */
export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  root = 'body',
): ParseResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const first = result.issues[0];
  return { ok: false, message: first ? describeIssue(first, root) : `${root}: invalid` };
}
