/** The header's sync status: what is waiting to be sent, the last sync and any error, with a retry. */
export function SyncStatusButton() {
  return null;
}
