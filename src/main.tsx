import './app/app.css';
import { holdEarlyPresses } from './app/early-presses';
import { importInSteps } from './app/shop/import-until-loaded';

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
/**
 * The app's code evaluated in several tasks: React, react-dom, the router, then the app's own chunk,
 * each imported once the one before has run and the browser has had a turn. Evaluated as one module
 * graph they were one task of 24-44 ms of CPU (100-170 ms on a phone), and a tap on the painted page
 * in that time waited for all of it. Each chunk is fetched after the one before is evaluated: a round
 * trip or two later for hydration, never for the first paint.
 */
const start = () => {
  if (started) return;
  started = true;
  // Each fetched again until it arrives: a dropped connection must not leave the page dead.
  void importInSteps([() => import('react'), () => import('react-dom/client'), () => import('./app/router-code')], () => import('./app/start-app'));
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
