import { expect } from 'vitest';
import type { Language } from '../../../contract/language.schema.js';
import { viewingAsSchema, type ViewingAs } from '../../../contract/view-as.schema.js';

/** The user answer's `view_as` while support views as Ana Valencia, read by a viewer in `viewer`. */
export const viewingAs = (viewer: Language): ViewingAs =>
  viewingAsSchema.parse({
    name: 'Ana Valencia',
    ends_at: new Date(Date.now() + 24 * 60_000).toISOString(),
    read_only: true,
    viewer_language: viewer,
  });

/** Every control under `root` that cannot be used: disabled, in a disabled fieldset, or aria-disabled. */
export const disabledControls = (root: HTMLElement): HTMLElement[] =>
  [
    ...root.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, [aria-disabled="true"]',
    ),
  ].filter(
    (control) =>
      control.getAttribute('aria-disabled') === 'true' ||
      (control as HTMLButtonElement).disabled === true ||
      control.matches(':disabled'),
  );

/**
 * Issue 87: each control `root` disables (at least `atLeast` of them) has an accessible description
 * that says read only, as a screen reader reads it with the control.
 */
export function expectEachDisabledSaysReadOnly(root: HTMLElement, atLeast = 1) {
  const disabled = disabledControls(root);
  expect(disabled.length).toBeGreaterThanOrEqual(atLeast);
  for (const control of disabled)
    expect(control, control.outerHTML.slice(0, 160)).toHaveAccessibleDescription(/read only/i);
}
