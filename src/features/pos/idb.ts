/**
 * The few lines of IndexedDB the till needs, as promises (no wrapper package: the till's two stores need only
 * open, one request, and a transaction's end). The browser's `indexedDB`; tests load fake-indexeddb/auto.
 */

/** Opens (and creates or upgrades) a database. */
export function openDatabase(name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab opening a newer version of the till's code: step aside rather than block it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    // Blocked (an older tab holds the database) waits: that tab closes its connection on versionchange above.
    request.onerror = () => reject(request.error);
  });
}

/** A request's result. */
export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when a transaction has committed (its writes are on disk), rejects when it aborted. */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('the transaction was aborted'));
    tx.onerror = () => reject(tx.error);
  });
}
