// A build runs in a process of its own: what several of its routes need is read once. The expiry only
// guards a long-lived process (the dev server, tests) against staleness.
const EXPIRES_MS = 5 * 60_000;
const reads = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

/** `load()` once per `db` and `key` for this build; a failed load is tried again next time. */
export function onceForBuild<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  const ofDb = reads.get(db) ?? new Map();
  reads.set(db, ofDb);
  const cached = ofDb.get(key);
  if (cached && Date.now() - cached.at < EXPIRES_MS) return cached.value as Promise<T>;
  const value = load();
  const entry = { at: Date.now(), value };
  ofDb.set(key, entry);
  value.catch(() => {
    if (ofDb.get(key) === entry) ofDb.delete(key);
  });
  return value;
}
