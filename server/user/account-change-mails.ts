import type { Config } from '../config';
import type { MailMessage } from '../mail/send-mail';

/**
 * Told to the account's address when its e-mail or password changes, so a take-over through a stolen
 * session (or a guessed password) does not go unnoticed by the owner. The old address hears of an
 * e-mail change: it is the one the owner still reads.
 */
const signOff = (config: Pick<Config, 'shopEmail'>) => [
  '',
  `If this was not you, reset your password from the sign-in page at once and write to us at ${config.shopEmail}.`,
];

export function emailChangedMail(config: Pick<Config, 'shopEmail'>, oldEmail: string, firstname: string, newEmail: string): MailMessage {
  return {
    to: oldEmail,
    subject: 'The e-mail address of your account was changed',
    text: [`Hello ${firstname},`, '', `The e-mail address of your account was changed from ${oldEmail} to ${newEmail}. Sign in with the new address from now on.`, ...signOff(config)].join('\n'),
  };
}

export function passwordChangedMail(config: Pick<Config, 'shopEmail'>, email: string, firstname: string): MailMessage {
  return {
    to: email,
    subject: 'The password of your account was changed',
    text: [`Hello ${firstname},`, '', 'The password of your account was changed, and every device signed in to it was signed out.', ...signOff(config)].join('\n'),
  };
}
