/**
 * A small cache for content pages, stale-while-revalidate and stale-on-error. Each entry is tied to the
 * page's version (its updated_at): publishing changes the version, so a published page is served fresh at
 * once on every instance; between publishes an entry older than `ttlMs` is served while it is refreshed
 * in the background; when the database fails, a page that was ever served is served as it was.
 */
export function swrCache<T>(ttlMs = 60_000, now = () => Date.now()) {
  const entries = new Map<string, { version: string; value: T; at: number; refreshing?: Promise<void> }>();

  async function get(key: string, version: () => Promise<string | null>, load: () => Promise<T>): Promise<T> {
    const entry = entries.get(key);
    let current: string | null;
    try {
      current = await version();
    } catch (error) {
      if (entry) return entry.value;
      throw error;
    }
    if (current === null) {
      entries.delete(key);
      return load(); // no such page: the loader answers its own 404
    }
    if (entry && entry.version === current) {
      if (now() - entry.at > ttlMs && !entry.refreshing) {
        entry.refreshing = load()
          .then((value) => void entries.set(key, { version: current!, value, at: now() }))
          .catch(() => void (entry.refreshing = undefined));
      }
      return entry.value;
    }
    try {
      const value = await load();
      entries.set(key, { version: current, value, at: now() });
      if (entries.size > 2000) entries.delete(entries.keys().next().value!);
      return value;
    } catch (error) {
      if (entry) return entry.value;
      throw error;
    }
  }

  return { get, size: () => entries.size };
}
