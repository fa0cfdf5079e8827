/**
 * What a person reads of a machine's message (issue 59): the machines hold descriptors of the
 * catalogue and the screens translate them; the tests read them in the active language (English
 * unless a test activates another).
 */
import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import '../../src/lib/i18n.js';

export function said(message: MessageDescriptor): string;
export function said(message: MessageDescriptor | string | null): string | null;
export function said(message: MessageDescriptor | string | null): string | null {
  return message === null || typeof message === 'string' ? message : i18n._(message);
}
