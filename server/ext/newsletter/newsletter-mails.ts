import type { Config } from '../../config';
import type { MailMessage } from '../../mail/send-mail';
import { CONFIRMATION_TTL_HOURS } from './newsletter-store';

/** Where the links of newsletter mails lead: small pages of the server (newsletter-link-pages.ts). */
export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

export const linkTo = (config: Pick<Config, 'publicUrl'>, path: string, token: string) => `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/**
 * The double opt-in mail: nothing is subscribed until the link is used. The address is unconfirmed,
 * so the mail is the shop's words only and says what to do if someone else typed the address.
 */
export function confirmationMail(config: Pick<Config, 'publicUrl'>, to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Please confirm your newsletter subscription',
    text: [
      'Hello,',
      '',
      'Someone, hopefully you, asked to receive our newsletter at this address. To confirm, open this link:',
      '',
      `    ${linkTo(config, CONFIRM_PATH, token)}`,
      '',
      `The link works once, for ${CONFIRMATION_TTL_HOURS} hours. Your 10% welcome coupon follows once you confirm.`,
      '',
      'If it was not you, ignore this mail: you will not be subscribed and we will not write again.',
      '',
      config.publicUrl,
    ].join('\n'),
  };
}
