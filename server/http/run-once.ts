import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiError } from './api-error';
import { envelope, type Envelope } from './envelope';
import { IDEMPOTENCY_MESSAGES } from './idempotency-key';
import { claimKey, findKey, finishKey, pruneExpiredKeys, releaseKey, type KeyScope } from './idempotency-store';
import { inProgressReply } from './in-progress';

/** Runs the handler; null when it sent its reply itself (nothing to store). */
export type Execute = () => Promise<Envelope | null>;

/**
 * What a retry gets instead of a success whose reply holds a secret shown only once (a webhook's
 * signing secret): the secret is never written to the idempotency table, only this stand-in.
 */
export type SecretReplay = (done: Envelope) => Envelope;

// Refusals a retry may not meet again (a token refreshed since, a rate limit passed): never stored.
const TRANSIENT = new Set([401, 408, 425, 429]);

/** Done (2xx) and refused (4xx) are final; unknown outcomes (5xx, transient 4xx, in-progress) are not stored. */
function isFinal(reply: Envelope): boolean {
  if (reply.meta?.idempotency === 'in-progress') return false;
  return (reply.code >= 200 && reply.code < 300) || (reply.code >= 400 && reply.code < 500 && !TRANSIENT.has(reply.code));
}

/**
 * A request with an Idempotency-Key acts once per key and owner: the first claims the key, runs and
 * stores its reply; a retry of the same request gets that reply again (`Idempotent-Replayed: true`);
 * the key on another request is 422; a retry while the first still runs is the in-progress 409.
 */
export async function runOnce(db: Queryable, reply: FastifyReply, scope: KeyScope, execute: Execute, secretReplay?: SecretReplay): Promise<Envelope | null> {
  await pruneExpiredKeys(db);
  // A key released between our claim and our read (its request failed) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = await claimKey(db, scope);
    if (claimId) return runClaimed(db, scope, claimId, execute, secretReplay);
    const stored = await findKey(db, scope);
    if (!stored) continue;
    if (stored.request_hash !== scope.requestHash) throw new ApiError(422, IDEMPOTENCY_MESSAGES.otherRequest);
    if (stored.state === 'pending' || !stored.reply || stored.reply_code === null) break;
    void reply.header('idempotent-replayed', 'true');
    return envelope(stored.reply.result, stored.reply_code, stored.reply.meta);
  }
  return inProgressReply(reply, IDEMPOTENCY_MESSAGES.inProgress);
}

async function runClaimed(db: Queryable, scope: KeyScope, claimId: string, execute: Execute, secretReplay: SecretReplay | undefined): Promise<Envelope | null> {
  let outcome: Envelope | null;
  try {
    outcome = await execute();
  } catch (error) {
    const refusal = error instanceof ApiError ? envelope(error.message, error.code, error.meta) : null;
    await (refusal && isFinal(refusal) ? finishKey(db, scope, claimId, refusal) : releaseKey(db, scope, claimId));
    throw error;
  }
  const stored = outcome && secretReplay && outcome.code >= 200 && outcome.code < 300 ? secretReplay(outcome) : outcome;
  await (stored && isFinal(stored) ? finishKey(db, scope, claimId, stored) : releaseKey(db, scope, claimId));
  return outcome;
}
