import { describe, expect, it } from 'vitest';
import { notReadyReasons, type ReadinessFacts } from './readiness';

const ready: ReadinessFacts = { phase: 'serving', catalogLoaded: true, database: { applied: ['001-a.sql', '002-b.sql'] }, migrations: ['001-a.sql', '002-b.sql'] };

describe('notReadyReasons', () => {
  it('is empty while serving with the database answering, every migration applied and the catalogue loaded', () => {
    expect(notReadyReasons(ready)).toEqual([]);
    // A database migrated by a newer build (another process) still serves this one.
    expect(notReadyReasons({ ...ready, database: { applied: ['001-a.sql', '002-b.sql', '003-c.sql'] } })).toEqual([]);
  });

  it('names each reason: start-up, shutdown, a silent database, a missing migration, no catalogue', () => {
    expect(notReadyReasons({ ...ready, phase: 'starting' })).toEqual(['starting']);
    expect(notReadyReasons({ ...ready, phase: 'stopping' })).toEqual(['shutting down']);
    expect(notReadyReasons({ ...ready, database: { error: 'no reply within 2000 ms' } })).toEqual(['database does not answer: no reply within 2000 ms']);
    expect(notReadyReasons({ ...ready, database: { applied: ['001-a.sql'] } })).toEqual(['migrations not applied: 002-b.sql']);
    expect(notReadyReasons({ ...ready, catalogLoaded: false })).toEqual(['catalogue not loaded']);
    expect(notReadyReasons({ ...ready, phase: 'stopping', catalogLoaded: false })).toEqual(['shutting down', 'catalogue not loaded']);
  });
});
