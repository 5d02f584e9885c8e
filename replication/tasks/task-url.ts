/** The URL template of a sync task (SPEC §7): `{{token}}` and `{{cartId}}` placeholders. */

export const missingCartIdMessage = (url: string) =>
  `Error executing sync task ${url} the required cartId argument is null. Re-creating shopping cart synchro.`;

export function needsCartId(template: string): boolean {
  return template.includes('{{cartId}}');
}

/**
 * Fills the template. The token never goes into the URL here: the API client adds it (as the bearer
 * header, or as `token` when configured), so a `token={{token}}` parameter is dropped and any other
 * `{{token}}` becomes empty.
 */
export function fillTaskUrl(template: string, cartId: string | null): string {
  let url = template.replace(/([?&])token=\{\{token\}\}(&?)/, (_m, lead: string, tail: string) => (tail ? lead : ''));
  url = url.replaceAll('{{token}}', '');
  if (cartId !== null) url = url.replaceAll('{{cartId}}', encodeURIComponent(cartId));
  return url;
}
