import { formatInTimeZone, fromZonedTime } from '../date-fns.js';

/**
 * The admin's forms speak the campus's local time (`<input type="datetime-local">`); the store keeps
 * ISO-8601 UTC. The server's one conversion point for admin times.
 */
export function fromCampusInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const instant = fromZonedTime(local, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

export const toCampusInput = (iso: string, timeZone: string) =>
  formatInTimeZone(new Date(iso), timeZone, "yyyy-MM-dd'T'HH:mm");

export const formatCampus = (iso: string | Date, timeZone: string) =>
  formatInTimeZone(new Date(iso), timeZone, 'MMM d, yyyy h:mm a zzz');
