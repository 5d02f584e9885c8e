/** The header's cart button: count of items, opens the minicart. */
export function CartButton() {
  return null;
}
