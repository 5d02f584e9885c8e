import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../database-types';
import { chooseOfflineCatalogue, followDownloadChoice, offlineCatalogueChosen } from './offline-catalog-choice';
import { openTestDatabase } from '../testing/test-database';

/** A stand-in for the products replica that records what the choice asked of it. */
function replicaRecorder() {
  const calls: string[] = [];
  const canceled$ = new BehaviorSubject(false);
  const state = {
    canceled$,
    isStopped: () => canceled$.value,
    start: async () => void calls.push('start'),
    pause: async () => void calls.push('pause'),
  };
  return { calls, canceled$, state };
}

const settle = () => new Promise((r) => setTimeout(r, 50));
let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the "download the catalogue for offline use" choice', () => {
  it('is on by default, and starts, pauses and resumes the product download as it changes', async () => {
    db = await openTestDatabase();
    expect(await offlineCatalogueChosen(db)).toBe(true);
    const replica = replicaRecorder();
    await followDownloadChoice(db, replica.state, false);
    await settle();
    expect(replica.calls).toEqual(['start']);

    await chooseOfflineCatalogue(db, false);
    await settle();
    expect(await offlineCatalogueChosen(db)).toBe(false);
    expect(replica.calls).toEqual(['start', 'pause']);

    await chooseOfflineCatalogue(db, true);
    await settle();
    expect(replica.calls).toEqual(['start', 'pause', 'start']);
  });

  it('stops following once the replica is cancelled', async () => {
    db = await openTestDatabase();
    const replica = replicaRecorder();
    await followDownloadChoice(db, replica.state, false);
    await settle();
    replica.canceled$.next(true);
    await chooseOfflineCatalogue(db, false);
    await settle();
    expect(replica.calls).toEqual(['start']);
  });
});
