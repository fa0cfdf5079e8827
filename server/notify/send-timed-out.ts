/**
 * A send given up on its time limit (the push service, or the worker's backstop): the device may
 * be one that stalls.
 */
export class SendTimedOut extends Error {
  override name = 'SendTimedOut';
}
