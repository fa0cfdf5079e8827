/**
 * portal.md §8: a failed API call pushes `{type: "api", component?, message}` to the app. The one
 * creator of that event, so the message (spelled as the product shows it) is written once.
 */

/** portal.md §8: the message of an API failure, "retreiving" as the product spells it. */
export const API_FAILURE_MESSAGE = 'Error retreiving data';

export interface ApiFailedEvent {
  type: 'app.apiFailed';
  component?: string;
  message: string;
}

/** The event a failed call of `component` sends to the app; a call may bring its own message. */
export const apiFailed = (component?: string, message = API_FAILURE_MESSAGE): ApiFailedEvent => ({
  type: 'app.apiFailed',
  message,
  ...(component === undefined ? {} : { component }),
});
