/** What a job's sender says: sent, or no longer called for (the reason is recorded). */
export type Outcome = { state: 'sent' } | { state: 'dropped'; reason: string };
