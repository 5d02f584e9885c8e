import { describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_GRACE_MS, opsConfig } from './ops-config';

describe('opsConfig', () => {
  it('defaults to a 10 s grace period and no metrics port', () => {
    expect(opsConfig({})).toEqual({ shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS, metricsPort: undefined });
    expect(DEFAULT_SHUTDOWN_GRACE_MS).toBe(10_000);
  });

  it('reads SHUTDOWN_GRACE_MS and METRICS_PORT', () => {
    expect(opsConfig({ SHUTDOWN_GRACE_MS: '2500', METRICS_PORT: ' 9464 ' })).toEqual({ shutdownGraceMs: 2500, metricsPort: 9464 });
  });

  it('refuses values that are not whole numbers in range, naming the variable', () => {
    expect(() => opsConfig({ SHUTDOWN_GRACE_MS: '10s' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => opsConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => opsConfig({ METRICS_PORT: '-1' })).toThrow(/METRICS_PORT/);
  });
});
