/**
 * A small in-process table of answers by key, each kept `ttlMs`, loaded once however many ask at the
 * same moment (single flight), a failed load kept by nobody, and at most `maxEntries` (the oldest go).
 * The Ethos adapter keeps the catalogue entities many students share (sections, courses) and the
 * persons it looked up here (its code tables keep their own, code-tables.ts); the per-person answers
 * are the portal's per-user cache's.
 */
export class Memo<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
