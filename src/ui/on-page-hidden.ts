/**
 * Calls `save` when the page is hidden (the shopper switched apps or tabs: a phone may end a hidden
 * page later without unloading it) or unloads (a reload, a link followed): the moment to write what
 * is still waiting to be written. Returns the function that stops listening.
 */
export function onPageHidden(save: () => void): () => void {
  const onHidden = () => document.visibilityState === 'hidden' && save();
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
