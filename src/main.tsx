import './app/app.css';
import { holdEarlyPresses } from './app/early-presses';
import { importInSteps } from './db/import-until-loaded';

/**
 * The entry is only this: the app (React, the router, the first screen's code) is a chunk of its own,
 * started here. A server-rendered page is already painted and its links work, so the app's code is
 * fetched once the page has loaded (its stylesheet and first-screen pictures in) AND its first
 * contentful paint has been presented, and the frame after that is painted: on a slow phone connection
 * ~200 kB of script no longer shares the line with the largest picture, and hydration runs after the
 * first screen is on screen. Waiting for the paint itself, not only the load event: on a busy CPU the
 * load event can come before the first frame is presented, and a script fetched then counts towards
 * the first paint (Lighthouse's simulation takes every script requested before it as blocking it), so
 * the same page painted at 0.8 s in one run and 2.4 s in the next. A tab in the background paints
 * nothing until shown: there the app starts HIDDEN_START_MS after parsing. Where paint timing is not
 * reported it goes by the load event's frame alone; should a paint never be reported, the app starts
 * PAINT_CAP_MS after the document is parsed.
 * The shell (offline, or a screen the server does not render) has nothing to show without the app, so
 * it starts at once.
 */
const HIDDEN_START_MS = 3000;
const PAINT_CAP_MS = 10_000;

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

/** Resolves once the page's first contentful paint is reported (at once if it already was). */
function firstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  // Without paint timing (older browsers) the load event's frame is all there is to go by.
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    if (painted()) return resolve();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

if (!serverRendered) start();
else {
  holdEarlyPresses(start);
  void Promise.all([loaded, firstContentfulPaint()]).then(afterPaint);
  // A tab opened in the background draws no frames until it is shown, so it has no paint to wait for.
  setTimeout(() => {
    if (document.visibilityState === 'hidden') start();
  }, HIDDEN_START_MS);
  setTimeout(start, PAINT_CAP_MS);
}
