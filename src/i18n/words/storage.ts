/** English wording of the local-storage notices (merged into en.ts). */
export const storageWords = {
  storageUnavailable: 'This browser does not let the shop save data on this device (private browsing or storage turned off). You can browse the shop, but the cart, checkout and offline use need that storage.',
  storageSessionOnly: 'This browser does not let the shop save data on this device (private browsing or storage turned off). Your cart works, but it is kept only until you close this tab.',
} as const;
