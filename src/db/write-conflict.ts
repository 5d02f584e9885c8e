/** An RxDB write refused because another write reached the document first (status 409). */
export function isWriteConflict(error: unknown): boolean {
  const e = error as { code?: string; parameters?: { writeError?: { status?: number } } } | null;
  return e?.code === 'CONFLICT' || e?.parameters?.writeError?.status === 409;
}

/** The stored document a conflicting write met (another tab's insert of the same id), when RxDB names it. */
export function conflictingDocument<T>(error: unknown): T | null {
  const stored = (error as { parameters?: { writeError?: { documentInDb?: unknown } } } | null)?.parameters?.writeError?.documentInDb;
  if (!stored || typeof stored !== 'object') return null;
  const { _rev, _meta, _attachments, _deleted, ...plain } = stored as Record<string, unknown>;
  return _deleted ? null : (plain as T);
}
