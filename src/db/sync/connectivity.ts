import type { Observable} from 'rxjs';
import { BehaviorSubject, distinctUntilChanged, fromEvent, map, merge, of, skip, startWith } from 'rxjs';

/** Online or offline (SPEC §4: "Online or offline state is tracked"), as a value and as changes. */
export interface Connectivity {
  isOnline(): boolean;
  /** Emits on every change after subscription (true when the connection returns). */
  changes$: Observable<boolean>;
}

/** navigator.onLine and the window's online/offline events; always online where there is no window (SSR). */
export function browserConnectivity(): Connectivity {
  const w = typeof window === 'undefined' ? undefined : window;
  if (!w) return { isOnline: () => true, changes$: of<boolean>() };
  const state$ = merge(fromEvent(w, 'online').pipe(map(() => true)), fromEvent(w, 'offline').pipe(map(() => false))).pipe(startWith(navigator.onLine), distinctUntilChanged());
  return { isOnline: () => navigator.onLine, changes$: state$.pipe(skip(1)) };
}

/** A switchable connectivity for tests and for a "work offline" setting. */
export function manualConnectivity(initial = true): Connectivity & { set(online: boolean): void } {
  const state = new BehaviorSubject(initial);
  return {
    isOnline: () => state.value,
    changes$: state.pipe(distinctUntilChanged(), skip(1)),
    set: (online) => state.next(online),
  };
}
