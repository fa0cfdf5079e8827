import type { CacheStore } from '../../cache/store.js';

/** The shared store's key: when a change to the catalogue was last told, by any process. */
export const CATALOGUE_EPOCH_KEY = 'ethos:catalogue:epoch';
/** Kept as long as any process keeps a catalogue copy (an hour), and a day more. */
const KEEP_MS = 25 * 3_600_000;

/**
 * Every process keeps its own copy of the sections and meetings it read (`Schedules`); a change
 * notification is handled by one process. So that it drops every copy, the handling process moves
 * a mark in the store every process shares (Redis), and each process, before it reads a schedule,
 * drops its copies when the mark moved since it last looked. Without a shared store there is one
 * process, and its own copies are all there are.
 */
export class CatalogueEpoch {
  private seen: number | undefined;

  constructor(
    private readonly shared: CacheStore | undefined,
    private readonly clock: () => number,
    private readonly onSharedError?: (err: unknown) => void,
  ) {}

  /** True when another process told a change since this one last looked (its copies are stale). */
  async moved(): Promise<boolean> {
    if (!this.shared) return false;
    const at = await this.read();
    if (at === undefined || at === this.seen) return false;
    const first = this.seen === undefined;
    this.seen = at;
    // The first look of a process finds copies no older than itself: nothing to drop.
    return !first;
  }

  /** A change was told here: every other process drops its copies before its next read. */
  async move(): Promise<void> {
    if (!this.shared) return;
    const at = Math.max(this.clock(), (this.seen ?? 0) + 1);
    this.seen = at;
    try {
      await this.shared.set(
        CATALOGUE_EPOCH_KEY,
        { value: at, storedAt: at, freshUntil: at + KEEP_MS },
        KEEP_MS,
      );
    } catch (err) {
      this.onSharedError?.(err);
    }
  }

  private async read(): Promise<number | undefined> {
    try {
      const entry = await this.shared?.get(CATALOGUE_EPOCH_KEY);
      return typeof entry?.value === 'number' ? entry.value : undefined;
    } catch (err) {
      this.onSharedError?.(err);
      return undefined;
    }
  }
}
