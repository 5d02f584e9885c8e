import './app/app.css';
import { holdEarlyPresses } from './app/early-presses';

/**
 * The entry is only this: the app (React, the router, the first screen's code) is a chunk of its own,
 * started here. A server-rendered page is already painted and its links work, so the app's code is
 * fetched once the page has loaded (its stylesheet and first-screen pictures in) and the frame after
 * that is painted: on a slow phone connection ~200 kB of script no longer shares the line with the
 * largest picture, and hydration runs after the first screen is on screen. Pictures that never finish
 * loading hold it up at most HYDRATE_CAP_MS after the document is parsed. The shell (offline, or a screen the server does not
 * render) has nothing to show without the app, so it starts at once.
 */
const HYDRATE_CAP_MS = 3000;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./app/start-app');
};
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
/** After the next frame is painted: a picture that came in with the load event is drawn first. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (!serverRendered) start();
else {
  holdEarlyPresses(start);
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  // Also for a tab opened in the background, which draws no frames until it is shown.
  setTimeout(start, HYDRATE_CAP_MS);
}
