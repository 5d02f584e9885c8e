import type { Config } from '../../config';
import type { MailMessage } from '../../mail/send-mail';
import type { FormKind } from './form-kinds';

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Form fields as "label: value" lines; quote lines as "qty x sku". Plain text, nothing interpreted. */
function describe(payload: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [field, value] of Object.entries(payload)) {
    if (value === undefined || value === null || field === 'items') continue;
    lines.push(`${field}: ${formatValue(value)}`);
  }
  const items = payload.items;
  if (Array.isArray(items) && items.length > 0) {
    lines.push('', 'Products:');
    for (const item of items as Array<{ sku: string; qty: number }>) lines.push(`  ${item.qty} x ${item.sku}`);
  }
  return lines;
}

export interface FormSender {
  email: string;
  name: string;
}

/** To the shop, with Reply-To set to the sender so answering is one click. */
export function shopNotification(config: Pick<Config, 'shopEmail'>, form: FormKind, id: number, sender: FormSender, payload: Record<string, unknown>): MailMessage {
  return {
    to: config.shopEmail,
    replyTo: sender.email,
    subject: `${form.title} #${id} from ${sender.name}`,
    text: [`${form.title} #${id}`, '', ...describe(payload)].join('\n'),
  };
}

/**
 * To the sender, whose address nobody has confirmed: anyone can type someone else's. So the mail is
 * the shop's words only (the form's name, its number, what happens next) and repeats nothing that
 * was typed into the form, not even the name: otherwise the form would send any text to any address
 * from the shop's domain.
 */
export function senderConfirmation(config: Pick<Config, 'publicUrl'>, form: FormKind, id: number, sender: Pick<FormSender, 'email'>): MailMessage {
  return {
    to: sender.email,
    subject: `We received your ${form.title.toLowerCase()} (#${id})`,
    text: [
      'Hello,',
      '',
      `Thank you: we received your ${form.title.toLowerCase()}, number ${id}. ${form.promise}`,
      '',
      'If you did not send it, someone else typed this address into our form: you can ignore this mail.',
      '',
      config.publicUrl,
    ].join('\n'),
  };
}
