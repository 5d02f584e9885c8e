/** Account error texts: SPEC §8 wording where the spec has it, one place for all of them. */
export const USER_MESSAGES = {
  duplicateEmail: 'A customer with the same email already exists in an associated website',
  badLogin: 'You did not sign in correctly or your account is temporarily disabled.',
  tooManyLogins: (minutes: number) => `Too many login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  invalidRefreshToken: 'Invalid refresh token provided',
  /** No SPEC wording: a replay of a refresh that a parallel replay is answering (the client retries). */
  refreshInProgress: 'This refresh is already being processed; retry in a moment',
  wrongCurrentPassword: "The password doesn't match this account.",
  /** No SPEC wording: an e-mail change sent without the current password. */
  currentPasswordForEmail: 'Enter your current password to change the e-mail address.',
  unknownEmail: 'Provided email does not exist',
  invalidResetToken: 'Reset token is invalid or has expired',
  foreignAddress: 'Provided invalid address.id or address.customer_id',
  sessionEnded: 'User is not authorized to access the resource',
} as const;
