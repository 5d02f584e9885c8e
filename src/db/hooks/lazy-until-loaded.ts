import { lazy, type ComponentType } from 'react';
import { importUntilLoaded } from '../import-until-loaded';

/**
 * React.lazy for a panel whose code is fetched again until it arrives (import-until-loaded.ts): a
 * chunk lost to a dropped connection on a first visit leaves the panel showing its "Loading"
 * fallback until the code comes, not an error for the rest of the visit (React.lazy keeps a failed
 * load failed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props
export function lazyUntilLoaded<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => importUntilLoaded(load));
}
