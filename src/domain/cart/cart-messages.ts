/**
 * The cart's refusal wording, quoted from SPEC §5 and §8 so client and server say the same thing.
 * Quantity wording lives with the shared form messages (schemas/forms/form-messages.ts).
 */
export const CART_MESSAGES = {
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  onlyAvailable: (maxQuantity: number) => `Only ${maxQuantity} products of this type are available.`,
  /** SPEC gives no wording for a minimum order; this mirrors the other quantity messages. */
  minimumOrder: (n: number) => `The minimum quantity for this product is ${n}.`,
  configure: 'Please configure product bundle/custom options and fix the validation errors.',
  noSuchConfiguration: 'No such configuration for the product',
  noVariants: 'No available product variants',
  disabled: (status: number) => `Product query returned empty result product status = ${status}`,
  hidden: (visibility: number) => `Product query returned empty result product visibility = ${visibility}`,
  incorrectCoupon: "You've entered an incorrect coupon code",
  noSuchCart: (cartId: string) => `No such entity with cartId = ${cartId}`,
  noCartAccess: 'You do not have access to this cart',
} as const;
