import type { CourseworkSource } from './coursework.schema.js';

/** The link back to a coursework item in its LMS, in the LMS's own name (pages and emails alike). */
const OPEN_IN: Record<CourseworkSource, string> = {
  canvas: 'Open in Canvas',
  moodle: 'Open in Moodle',
  other: 'Open in your course site',
};

export const openInLabel = (source: CourseworkSource) => OPEN_IN[source];
