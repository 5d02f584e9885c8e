import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { processPlan } from './process-plan';

describe('processPlan', () => {
  it('runs WEB_CONCURRENCY processes on PostgreSQL', () => {
    expect(processPlan(loadConfig({ DATABASE_URL: 'postgres://x/y', WEB_CONCURRENCY: '3' }), true)).toEqual({ processes: 3 });
  });

  it('runs one process on the embedded database and says why, louder when more were asked for', () => {
    const asked = processPlan(loadConfig({ WEB_CONCURRENCY: '4' }), true);
    expect(asked.processes).toBe(1);
    expect(asked.notice?.level).toBe('warn');
    expect(asked.notice?.message).toMatch(/DATABASE_URL/);
    expect(processPlan({ databaseUrl: undefined, webConcurrency: 2 }, false).notice?.level).toBe('info');
    expect(processPlan(loadConfig({ WEB_CONCURRENCY: '1' }), true)).toEqual({ processes: 1 });
  });

  it('refuses a WEB_CONCURRENCY that is not a whole number of processes', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'lots' })).toThrow(/WEB_CONCURRENCY/);
  });
});
