import { BehaviorSubject, of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../database-types';
import { chooseOfflineCatalogue, downloadAwaitsAnswer, downloadGoesAhead, followDownloadChoice, keepEarlierDownload, offlineCatalogueChosen, watchMetered } from './offline-catalog-choice';
import { feedCheckpointId } from './catalog-pull';
import { isMetered } from './metered-connection';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { until } from '../../../tests/helpers/wait-until';

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

/** For "nothing more happened" only: a change awaited is awaited with `callsReach`. */
const settle = () => new Promise((r) => setTimeout(r, 50));
const callsReach = (calls: string[], n: number) => until(`${n} calls`, () => calls.length, (length) => length >= n, 2_000);
let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the "download the catalogue for offline use" choice', () => {
  it('has three states: not asked yet downloads on an unmetered connection and waits for the answer on a metered one', () => {
    expect(downloadGoesAhead(undefined, false)).toBe(true);
    expect(downloadGoesAhead(undefined, true)).toBe(false);
    expect(downloadAwaitsAnswer(undefined, true)).toBe(true);
    expect(downloadAwaitsAnswer(undefined, false)).toBe(false);
    for (const metered of [false, true]) {
      expect(downloadGoesAhead(true, metered)).toBe(true);
      expect(downloadGoesAhead(false, metered)).toBe(false);
      expect(downloadAwaitsAnswer(true, metered)).toBe(false);
      expect(downloadAwaitsAnswer(false, metered)).toBe(false);
    }
  });

  it('on a metered connection, starts nothing until the shopper answers, then follows the answer', async () => {
    db = await openTestDatabase();
    expect(await offlineCatalogueChosen(db, true)).toBe(false);
    const replica = replicaRecorder();
    await followDownloadChoice(db, replica.state, false, of(true));
    await callsReach(replica.calls, 1);
    expect(replica.calls).toEqual(['pause']);
    await chooseOfflineCatalogue(db, true);
    await callsReach(replica.calls, 2);
    expect(await offlineCatalogueChosen(db, true)).toBe(true);
    expect(replica.calls).toEqual(['pause', 'start']);
  });

  it('not asked yet, starts when a metered connection becomes unmetered and pauses when it turns metered again', async () => {
    db = await openTestDatabase();
    const replica = replicaRecorder();
    const metered$ = new BehaviorSubject(true);
    await followDownloadChoice(db, replica.state, false, metered$);
    await callsReach(replica.calls, 1);
    metered$.next(false);
    await callsReach(replica.calls, 2);
    metered$.next(true);
    await callsReach(replica.calls, 3);
    expect(replica.calls).toEqual(['pause', 'start', 'pause']);
  });

  it('on an unmetered connection, is on unless turned off, and starts, pauses and resumes the product download as it changes', async () => {
    db = await openTestDatabase();
    expect(await offlineCatalogueChosen(db, false)).toBe(true);
    const replica = replicaRecorder();
    await followDownloadChoice(db, replica.state, false, of(false));
    await callsReach(replica.calls, 1);
    expect(replica.calls).toEqual(['start']);

    await chooseOfflineCatalogue(db, false);
    await callsReach(replica.calls, 2);
    expect(await offlineCatalogueChosen(db, false)).toBe(false);
    expect(replica.calls).toEqual(['start', 'pause']);

    await chooseOfflineCatalogue(db, true);
    await callsReach(replica.calls, 3);
    expect(replica.calls).toEqual(['start', 'pause', 'start']);
  });

  it('takes a device that downloaded before it could be asked as having said yes, and leaves an answer as it is', async () => {
    db = await openTestDatabase();
    await keepEarlierDownload(db);
    expect(await offlineCatalogueChosen(db, true)).toBe(false);
    await db.upsertLocal(feedCheckpointId('products'), { seq: 120, id: '42' });
    await keepEarlierDownload(db);
    expect(await offlineCatalogueChosen(db, true)).toBe(true);
    await chooseOfflineCatalogue(db, false);
    await keepEarlierDownload(db);
    expect(await offlineCatalogueChosen(db, true)).toBe(false);
  });

  it('stops following once the replica is cancelled', async () => {
    db = await openTestDatabase();
    const replica = replicaRecorder();
    await followDownloadChoice(db, replica.state, false, of(false));
    await settle();
    replica.canceled$.next(true);
    await chooseOfflineCatalogue(db, false);
    await settle();
    expect(replica.calls).toEqual(['start']);
  });
});

describe('a metered connection', () => {
  it('is one with Save-Data on, a cellular one, or one as slow as 3G; Wi-Fi, 4G and a browser without the API are not', () => {
    expect(isMetered({ saveData: true, type: 'wifi', effectiveType: '4g' })).toBe(true);
    expect(isMetered({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(isMetered({ effectiveType })).toBe(true);
    expect(isMetered({ saveData: false, type: 'wifi', effectiveType: '4g' })).toBe(false);
    expect(isMetered({ effectiveType: '4g' })).toBe(false);
    expect(isMetered({})).toBe(false);
    expect(isMetered(undefined)).toBe(false);
  });

  it('is watched as the connection changes', () => {
    const connection = Object.assign(new EventTarget(), { saveData: false, effectiveType: '4g' });
    const seen: boolean[] = [];
    const subscription = watchMetered(connection).subscribe((metered) => seen.push(metered));
    connection.effectiveType = '2g';
    connection.dispatchEvent(new Event('change'));
    subscription.unsubscribe();
    expect(seen).toEqual([false, true]);
  });
});
