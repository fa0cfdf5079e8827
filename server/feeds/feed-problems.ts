export interface FeedProblem {
  feed: string;
  problem: string;
  since: string;
}

/**
 * What this process found wrong with a configured feed at its last read, by feed: a campus-group
 * feed whose items carry no field of the configured namespace (an empty block otherwise explained
 * only by a log line), a document that gave no items. Cleared when a read finds nothing wrong.
 * Shown on `/readyz` (its `feeds` details), in the log once per new problem, to staff in the admin,
 * and, when this process's first read of the feed finds it, by the start-up report (onFirstRead).
 */
export class FeedProblems {
  private readonly problems = new Map<string, { problem: string; since: string }>();
  private readonly read = new Set<string>();
  private readonly firstReadListeners: ((found: FeedProblem) => void)[] = [];

  /**
   * Told once per feed, when the first read of it in this process finds a problem: the start-up
   * report is written before any feed is read, so it says this then.
   */
  onFirstRead(listener: (found: FeedProblem) => void): void {
    this.firstReadListeners.push(listener);
  }

  /** The warnings of a feed's read; none clears what was recorded. True when the problem is new. */
  record(feed: string, warnings: readonly string[], at: Date): boolean {
    const first = !this.read.has(feed);
    this.read.add(feed);
    if (warnings.length === 0) {
      this.problems.delete(feed);
      return false;
    }
    const problem = warnings.join('; ');
    if (this.problems.get(feed)?.problem === problem) return false;
    const since = at.toISOString();
    this.problems.set(feed, { problem, since });
    if (first) for (const listener of this.firstReadListeners) listener({ feed, problem, since });
    return true;
  }

  list(): FeedProblem[] {
    return [...this.problems].map(([feed, p]) => ({ feed, ...p }));
  }
}
