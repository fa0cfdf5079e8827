/**
 * What a SIS itself asks of or tells a student beyond the port's reads (PeopleSoft's checklist items
 * and notifications, issue 91), which the changes sweep publishes for them: a checklist item as a
 * Next Steps task, completed here once it is completed there; a notification as a message.
 */

/** An item the student is to do. */
export interface RecordTask {
  /** Stable within the SIS: the item's keys. */
  id: string;
  title: string;
  body: string;
  /** The day it is due on the campus calendar, `YYYY-MM-DD`; null: none. */
  dueOn: string | null;
  /** Done in the SIS (completed, waived): completed here. */
  done: boolean;
  /** What the item comes from, in its source id (`checklist` unless told: the SIS's checklist). */
  source?: 'checklist' | 'degree-audit';
  /** Its Spanish title and body; none: a Spanish reader reads the English. */
  es?: { title: string; body: string };
  /** A portal page to act on it (`/academics#degree-progress`). */
  link?: string;
}

/** A notification for the student's Messages. */
export interface RecordMessage {
  id: string;
  title: string;
  body: string;
}

export interface RecordItems {
  tasks: RecordTask[];
  messages: RecordMessage[];
}
