import type {
  CourseworkFeedRecord,
  CourseworkItemRecord,
} from '../db/repositories/coursework.repository.js';

/**
 * The coursework source port: where a student's coursework comes from. Two adapters fill it, one
 * per kind of connection a student keeps (`CourseworkFeedRecord.kind`): their LMS calendar feed
 * (`calendar-source.ts`) and their Canvas connected by OAuth (`canvas-coursework.ts`). The
 * coursework service (`coursework.ts`) keeps the schedule, the store and the browser's answer and
 * asks the source of the student's connection, never branching on its kind. (The contract's
 * `CourseworkSource` is another thing: the LMS an item came from, canvas, moodle or other.)
 */
export interface CourseworkSourcePort {
  readonly kind: CourseworkFeedRecord['kind'];
  /** One reading of the student's connection, kept in the store: its items, status and next reading. */
  read(feed: CourseworkFeedRecord): Promise<void>;
  /** Writes a done mark where the source keeps one too (Canvas); throws when it cannot. */
  setDone(feed: CourseworkFeedRecord, item: CourseworkItemRecord, done: boolean): Promise<void>;
  /** Ends the connection at the source (Canvas's tokens revoked), best effort, before it is forgotten. */
  disconnect(feed: CourseworkFeedRecord): Promise<void>;
}

/** What the coursework service lends a source: the schedule of its readings. */
export interface CourseworkSchedule {
  nextReading(now: Date, failures: number): Date;
  markBroken(feed: CourseworkFeedRecord, why: string): Promise<void>;
  refresh(userId: number): Promise<void>;
}
