import { Observable } from 'rxjs';
import { onLocalCatalogChange, type CatalogueChange } from './local-catalog';

/**
 * Changes of the local catalogue from now on, whoever holds it (nothing before the database opens).
 * A module apart from local-catalog.ts, which every first screen loads: rxjs comes with the database.
 */
export const localCatalogChanges = (): Observable<CatalogueChange> =>
  new Observable<CatalogueChange>((subscriber) => onLocalCatalogChange((change) => subscriber.next(change)));
