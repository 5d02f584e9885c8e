/** What can go wrong below the level of a `{code, result}` reply, with the wording of SPEC §8. */

export const MESSAGES = {
  badContentType: 'Error with response - bad content-type!',
  wrongFormat: 'Unhandled error, wrong response format!',
  refreshFailed: 'Error refreshing user token',
  notAuthorized: 'User is not authorized to access the resource',
  refreshFatal: 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
  network: 'Check your Network conection.',
} as const;

/** The request never got a reply: offline, connection cut, or the host could not be found. */
export class NetworkError extends Error {
  /** DNS failure (ENOTFOUND): SPEC §7 says such errors are ignored rather than shown. */
  readonly hostNotFound: boolean;
  constructor(cause: unknown) {
    super(MESSAGES.network, { cause });
    this.name = 'NetworkError';
    this.hostNotFound = findCode(cause) === 'ENOTFOUND';
  }
}

/** A reply came back but was not a JSON `{code, result}` envelope. */
export class ResponseFormatError extends Error {
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

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
