import type { MessageDescriptor } from '@lingui/core';

/**
 * What tells one message of the catalogue from another (issue 59): its id and its values. The
 * toasts and flash messages that hold descriptors refuse a second one with the same key.
 */
export const messageKey = (message: MessageDescriptor): string =>
  `${message.id}${JSON.stringify(message.values ?? {})}`;
