/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits with its outcome. Later signals are ignored
 * rather than left to Node's default, which would end the process at once: a supervisor forwards
 * SIGTERM to an API process that may have had the same signal from the service manager already (it
 * signals the whole group), and Ctrl-C in a terminal sends SIGINT to every process too.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
