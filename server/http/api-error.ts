/** An error that becomes a `{code, result}` reply with that HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'User is not authorized to access the resource') => new ApiError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
