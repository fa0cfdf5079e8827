/**
 * One person's answer to one operation, shared by the reads of a page for `ms` (a dashboard reads
 * courses, schedule, grades, GPA and the term from the one enrollment message), keyed by the person
 * and their token so nothing passes between people; a failure is not kept. The portal's cache
 * (`plugins/external/cache.ts`) keeps the reads themselves.
 */
export class Shared<T> {
  private readonly kept = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ms: number,
    private readonly max: number,
    private readonly clock: () => number,
  ) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const at = this.clock();
    const kept = this.kept.get(key);
    if (kept && at - kept.at < this.ms) return kept.value;
    const value = make();
    this.kept.set(key, { at, value });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    if (this.kept.size > this.max) {
      for (const [k, v] of this.kept) if (at - v.at >= this.ms) this.kept.delete(k);
      const oldest = this.kept.keys().next().value;
      if (this.kept.size > this.max && oldest !== undefined) this.kept.delete(oldest);
    }
    return value;
  }
}
