import { randomUUID } from 'node:crypto';
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
  /** The mark this process last saw: `''` for none in the store, undefined before its first look. */
  private seen: string | undefined;

  constructor(
    private readonly shared: CacheStore | undefined,
    private readonly clock: () => number,
    private readonly onSharedError?: (err: unknown) => void,
  ) {}

  /** True when another process told a change since this one last looked (its copies are stale). */
  async moved(): Promise<boolean> {
    if (!this.shared) return false;
    const at = (await this.read()) ?? '';
    const before = this.seen;
    this.seen = at;
    // The first look of a process comes before its first copy: nothing to drop.
    return before !== undefined && before !== at;
  }

  /** A change was told here: every other process drops its copies before its next read. */
  async move(): Promise<void> {
    if (!this.shared) return;
    const mark = randomUUID();
    const at = this.clock();
    this.seen = mark;
    try {
      await this.shared.set(
        CATALOGUE_EPOCH_KEY,
        { value: mark, storedAt: at, freshUntil: at + KEEP_MS },
        KEEP_MS,
      );
    } catch (err) {
      this.onSharedError?.(err);
    }
  }

  private async read(): Promise<string | undefined> {
    try {
      const entry = await this.shared?.get(CATALOGUE_EPOCH_KEY);
      return typeof entry?.value === 'string' ? entry.value : undefined;
    } catch (err) {
      this.onSharedError?.(err);
      return undefined;
    }
  }
}
