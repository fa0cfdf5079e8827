import { CalendarSource } from '../../calendar-source.js';
import type { LmsSourceModule, SourceDeps } from '../source-module.js';

/** The student's pasted calendar feed: always open. */
export const calendar = {
  open: ({ app, box, schedule, options }: SourceDeps) =>
    new CalendarSource(app, box, schedule, {
      ...(options.ca ? { ca: options.ca } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    }),
} satisfies LmsSourceModule;
