/** What can go wrong below the level of a `{code, result}` reply, with the wording of SPEC §8. */

export const MESSAGES = {
  badContentType: 'Error with response - bad content-type!',
  wrongFormat: 'Unhandled error, wrong response format!',
  refreshFailed: 'Error refreshing user token',
  notAuthorized: 'User is not authorized to access the resource',
  refreshFatal: 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
  network: 'Check your Network conection.',
} as const;

/**
 * The request may or may not have been acted on: no reply, a reply that is not our envelope, or a
 * server that said "not now" (5xx, 429). Such a request is retried later with the same id; it never
 * removes a line, reverts a quantity, disables sync or ends a session (DESIGN "Faults and exactly-once").
 */
export class UnknownOutcomeError extends Error {}

/** The request never got a reply: offline, connection cut, or the host could not be found. */
export class NetworkError extends UnknownOutcomeError {
  /** DNS failure (ENOTFOUND): SPEC §7 says such errors are ignored rather than shown. */
  readonly hostNotFound: boolean;
  constructor(cause: unknown) {
    super(MESSAGES.network, { cause });
    this.name = 'NetworkError';
    this.hostNotFound = findCode(cause) === 'ENOTFOUND';
  }
}

/** No reply within the request's time-out (the request was aborted; the server may still act on it). */
export class TimeoutError extends NetworkError {
  constructor(readonly timeoutMs: number) {
    super(new Error(`no reply within ${timeoutMs} ms`));
    this.name = 'TimeoutError';
  }
}

/** A reply came back but was not a JSON `{code, result}` envelope (a proxy's error page, a cut body). */
export class ResponseFormatError extends UnknownOutcomeError {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ResponseFormatError';
    this.status = status;
  }
}

function findCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Our envelope, with a code that does not settle the request: the status and the server's text travel with it. */
export class UnknownReplyError extends UnknownOutcomeError {
  constructor(
    readonly status: number,
    readonly serverMessage: unknown,
  ) {
    super(typeof serverMessage === 'string' ? serverMessage : `The server answered ${status}`);
  }
}

/** A server that could not act now (5xx) or asks to slow down (429). */
export class ServerUnavailableError extends UnknownReplyError {
  override name = 'ServerUnavailableError';
}

export function isUnknownOutcome(error: unknown): error is UnknownOutcomeError {
  return error instanceof UnknownOutcomeError;
}

/** The server refused the request (a 4xx that settles it): its code and message travel with it. */
export class RefusedReplyError extends Error {
  override name = 'RefusedReplyError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A read that was not answered, as far as anyone knows, for a caller with a copy of its own to answer
 * from (the device's catalogue): an unknown outcome, or what a plain fetch throws when no reply came (a
 * TypeError) or its time-out signal fired (a TimeoutError). A refusal is not, nor the caller's own abort.
 */
export function isUnanswered(error: unknown): boolean {
  return isUnknownOutcome(error) || error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/**
 * 409 "still being processed": a request with this Idempotency-Key claimed it and has stored no reply
 * yet. Either it still runs, or its server process died and the claim holds until its lease ends.
 */
export function isInProgressReply(reply: { code: number; meta?: Record<string, unknown> }): boolean {
  return reply.code === 409 && reply.meta?.idempotency === 'in-progress';
}

/**
 * A reply code that does not say whether the request was acted on: 5xx, 429, 408, and 409 "still being
 * processed" for a retried idempotency key. Everything else is done (2xx) or refused (4xx).
 */
export function isUnknownReply(reply: { code: number; meta?: Record<string, unknown> }): boolean {
  return reply.code >= 500 || reply.code === 429 || reply.code === 408 || isInProgressReply(reply);
}

/** The error for a reply that did not give its result: refused, or unknown as isUnknownReply decides. */
export const replyError = (code: number, message: string): Error =>
  isUnknownReply({ code }) ? new ServerUnavailableError(code, message) : new RefusedReplyError(code, message);

/** Lets done and refused replies through; an unknown one becomes a ServerUnavailableError to retry. */
export function expectKnown<R extends { code: number; result: unknown; meta?: Record<string, unknown> }>(reply: R): R {
  if (isUnknownReply(reply)) throw new ServerUnavailableError(reply.code, reply.result);
  return reply;
}
