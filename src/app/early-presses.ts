/** Fired by the app just before it hydrates: from then on React itself replays presses on the page. */
export const HYDRATING_EVENT = 'shop:hydrating';

/**
 * Presses on a server-rendered page before the app has started. The page is painted and its links
 * work, but its buttons (search, menu, cart, language) do nothing until the app hydrates them, which
 * waits for the load event so that the app's code does not compete with the first screen. A shopper's
 * first touch or key starts the app at once instead, and the last button pressed before hydration
 * began is pressed again once the app is live, so the press is not lost. Submit buttons are left alone:
 * the forms that need the app keep them disabled until it is live.
 */
export function holdEarlyPresses(start: () => void): void {
  let pressed: HTMLButtonElement | null = null;
  const onPress = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && !button.disabled && button.type === 'button') pressed = button;
    start();
  };
  const starters = ['pointerdown', 'keydown'] as const;
  for (const type of starters) window.addEventListener(type, start, { capture: true, once: true, passive: true });
  document.addEventListener('click', onPress, { capture: true });
  // Presses after this are queued and replayed by React's own hydration; pressing again would double them.
  window.addEventListener(HYDRATING_EVENT, () => document.removeEventListener('click', onPress, { capture: true }), { once: true });

  const replay = () => {
    const button = pressed;
    pressed = null;
    if (button?.isConnected && !button.disabled) button.click();
  };
  const live = () => document.documentElement.dataset.hydrated === 'true';
  const observer = new MutationObserver(() => {
    if (!live()) return;
    observer.disconnect();
    replay();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
}
