/** A toast is known by its message: the list never holds two with the same one. */
export interface Toast {
  message: string;
  level: 'error' | 'info';
}

/** next-steps.md §5: the notification list refuses a toast whose message already exists. */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  return list.some((t) => t.message === toast.message) ? [...list] : [...list, toast];
}

/** next-steps.md §8: the toast shown on repeated failures, verbatim. */
export const TROUBLE_CONNECTING = 'Trouble connecting... Please try again in a moment';

/** next-steps.md §9: in error above 2 consecutive errors; the toast only below 2. */
export const ERROR_THRESHOLD = 2;
