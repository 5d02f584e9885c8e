import * as v from 'valibot';

/**
 * What an admin token may do. A token made without scopes may do everything (as every token could
 * before scopes existed); the process's own token (ADMIN_TOKEN) always may.
 */
export const ADMIN_SCOPES = ['orders:read', 'orders:write', 'catalog:import', 'webhooks', 'tokens', 'mail', 'backup', 'metrics'] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];

const isScope = (value: string): value is AdminScope => (ADMIN_SCOPES as readonly string[]).includes(value);

export const SCOPE_MESSAGES = {
  unknown: (given: string) => `Unknown scope "${given}": scopes are ${ADMIN_SCOPES.join(', ')}.`,
  missing: (scope: AdminScope) => `This admin token does not have the "${scope}" scope.`,
  wider: 'A token can only be given scopes the token creating it has.',
} as const;

/** A list of scopes, as an array or as "a,b" (the command line's form); duplicates dropped. */
export const adminScopesField = v.pipe(
  v.union([v.array(v.string()), v.pipe(v.string(), v.transform((text) => text.split(',')))], 'Must be a list of scopes.'),
  v.transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))]),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const unknown = dataset.value.find((s) => !isScope(s));
    if (unknown !== undefined) addIssue({ message: SCOPE_MESSAGES.unknown(unknown) });
  }),
  v.minLength(1, `List at least one scope, or leave scopes out for all: ${ADMIN_SCOPES.join(', ')}.`),
  v.transform((list) => list as AdminScope[]),
);

/** Whether a token holding `held` (null: all) may do what `needed` names. */
export const allows = (held: readonly AdminScope[] | null, needed: AdminScope): boolean => held === null || held.includes(needed);
