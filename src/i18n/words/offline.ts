/** English wording of the offline screens (merged into en.ts; SPEC §8 messages quoted exactly). */
export const offlineWords = {
  offlineNow: 'You are offline.',
  offlineKeepsWorking: 'The shop keeps working from the data saved on this device; orders are sent when the connection returns.',
  backOnline: 'You are back online.',
  updateReady: 'A new version of the shop is available.',
  updateReload: 'Reload to update',
  useOffline: 'Use offline',
  offlineCatalogueChoice: 'Download the catalogue for offline use',
  offlineCatalogueHint: 'Products, categories and pages are saved on this device so you can browse, search and order without a signal.',
  offlineCatalogueProgress: '{{saved}} of {{total}} products',
  offlineCatalogueDone: 'All {{total}} products are saved on this device.',
  offlineCataloguePaused: 'Download paused: {{saved}} of {{total}} products saved. It carries on when you are back online.',
  offlineCatalogueOff: 'Turned off: pages you open online are not saved for offline use.',
  offlineStorageUsed: 'Storage used on this device: {{used}} of {{quota}} available.',
  offlineStoragePersisted: 'The browser keeps this data even when the device runs low on space.',
};
