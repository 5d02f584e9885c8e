interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Runs `run` in a task of its own after the current one (a MessageChannel message: no 4 ms timer
 * clamp), or on a zero timeout where there is no MessageChannel. Unlike `yieldToMain` it never uses
 * `scheduler.yield()`: for work nothing waits on, a continuation ahead of every queued task would
 * hold up a tap's handling.
 */
export function afterThisTask(run: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(run, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle a tap in
 * between: long start-up work (opening the database, starting the app) is cut into short tasks
 * this way. `scheduler.yield()` where the browser has it (the continuation runs ahead of other
 * queued tasks), else a task after this one (`afterThisTask`).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => afterThisTask(resolve));
}
