/**
 * A page's read declaration and the answers its route's loader keeps, without React: a page's
 * `*-reads.ts` and its loader import this alone; its sections' hooks are in use-page-read.ts.
 */

/**
 * One read a page names (portal.md §4 Loaders, §7): what it asks for, and how the section that shows
 * it words its states. The page's route loader starts it and its section's machine loads and retries
 * by it: one declaration for both.
 */
export interface PageRead<T, A = void> {
  /** The component tag of the `{type: "api", component}` error a failure pushes (portal.md §8). */
  component: string;
  /** portal.md §8 message; "Error retreiving data" (spelling as shown) unless the read has its own. */
  message?: string;
  read(arg: A): Promise<T>;
  isEmpty?(data: T): boolean;
}

/** A page's reads by name. Method signatures, so a read of any data fits the record. */
export type PageReadSpecs = Record<string, PageRead<unknown, unknown>>;

/** A read's answer and its argument (none, or a term), by its call alone. */
export type DataOf<R> = R extends { read: (...args: never[]) => Promise<infer T> } ? T : never;
export type ArgsOf<R> = R extends { read: (...args: infer P) => unknown } ? P : never;

interface Kept {
  answer: Promise<unknown>;
  /** A reader (a section) has it: a failure it shows is not kept for the next. */
  shown: boolean;
  failed: boolean;
}

/**
 * A page's answers as its route's loader asked for them: the route's loader data, so the router
 * keeps them for the match (shown again from its cache while fresh, dropped when it is collected).
 * An answer is kept while it stands: every reader takes the same one, a retry's answer replaces it,
 * and a write forgets what it changed. A failure is kept only until a section has shown it (the
 * loader's may come before its section mounts): the next reader asks again.
 */
export class PageReads<S extends PageReadSpecs> {
  readonly #kept = new Map<string, Kept>();

  constructor(readonly specs: S) {}

  /** Starts `name` (for `arg`) for readers to come: the route loader's wave. */
  start<K extends keyof S & string>(name: K, ...arg: ArgsOf<S[K]>): void {
    void this.#read(name, arg, false);
  }

  /** The kept answer of `name` (for `arg`), or a new read of it, kept. */
  answer<K extends keyof S & string>(name: K, ...arg: ArgsOf<S[K]>): Promise<DataOf<S[K]>> {
    const key = keyOf(name, arg);
    const kept = this.#kept.get(key);
    if (!kept) return this.#read(name, arg, true);
    kept.shown = true;
    if (kept.failed) this.#kept.delete(key);
    return kept.answer as Promise<DataOf<S[K]>>;
  }

  /** Reads `name` anew (a retry, a reload); its answer replaces the kept one. */
  again<K extends keyof S & string>(name: K, ...arg: ArgsOf<S[K]>): Promise<DataOf<S[K]>> {
    return this.#read(name, arg, true);
  }

  /** Forgets every kept answer of `name` (a write changed it): its next reader asks again. */
  forget(name: keyof S & string): void {
    for (const key of [...this.#kept.keys()])
      if (key.split('\n')[0] === name) this.#kept.delete(key);
  }

  #read<K extends keyof S & string>(name: K, arg: ArgsOf<S[K]>, shown: boolean) {
    const key = keyOf(name, arg);
    const answer = this.specs[name]!.read(arg[0]) as Promise<DataOf<S[K]>>;
    const kept: Kept = { answer, shown, failed: false };
    this.#kept.set(key, kept);
    // The failure is its section's to show (no unhandled rejection here).
    answer.catch(() => {
      kept.failed = true;
      if (kept.shown && this.#kept.get(key) === kept) this.#kept.delete(key);
    });
    return answer;
  }
}

export const keyOf = (name: string, arg: readonly unknown[]) =>
  arg.length === 0 ? name : `${name}\n${JSON.stringify(arg[0])}`;

/**
 * Starts every read of `specs` that takes no argument (the loader's wave), and returns them kept as
 * the route's loader data.
 */
export function startPageReads<S extends PageReadSpecs>(
  specs: S,
  started: ReadonlyArray<keyof S & string>,
): PageReads<S> {
  const reads = new PageReads(specs);
  for (const name of started) reads.start(name, ...([] as unknown as ArgsOf<S[typeof name]>));
  return reads;
}
