/** Operations settings read from the environment (README, configuration). */
export interface OpsConfig {
  /** How long a stopping process lets requests in flight finish before it cuts their connections. */
  shutdownGraceMs: number;
  /** A second port serving only GET /metrics, without a token; undefined: none. */
  metricsPort: number | undefined;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

function wholeNumber(env: NodeJS.ProcessEnv, name: string, max: number): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(text)}`);
  return value;
}

export function opsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  return {
    shutdownGraceMs: wholeNumber(env, 'SHUTDOWN_GRACE_MS', 600_000) ?? DEFAULT_SHUTDOWN_GRACE_MS,
    metricsPort: wholeNumber(env, 'METRICS_PORT', 65_535),
  };
}
