import { describe, expect, it } from 'vitest';
import { hiddenMandatory, mandatoryBlocks } from '../../contract/dashboard.rules.js';

describe('mandatory dashboard blocks: no one may hide them', () => {
  it('the profile summary with the holds is always mandatory, even when staff chose none', () => {
    expect(mandatoryBlocks([])).toEqual(['profile-summary']);
  });

  it("the blocks staff chose are mandatory too, in the dashboard's order whatever order they were chosen in", () => {
    expect(mandatoryBlocks(['my-next-steps', 'todays-classes'])).toEqual([
      'profile-summary',
      'todays-classes',
      'my-next-steps',
    ]);
    expect(mandatoryBlocks(['profile-summary', 'whats-new'])).toEqual([
      'profile-summary',
      'whats-new',
    ]);
  });

  it('a layout that hides a mandatory block names it, and only it, so the save is refused', () => {
    const mandatory = mandatoryBlocks(['todays-classes']);
    expect(
      hiddenMandatory(
        { order: [], hidden: ['video', 'todays-classes', 'profile-summary'] },
        mandatory,
      ),
    ).toEqual(['todays-classes', 'profile-summary']);
    expect(hiddenMandatory({ order: [], hidden: ['video', 'whats-new'] }, mandatory)).toEqual([]);
  });

  it("no layout (the spec's standard dashboard) hides nothing", () => {
    expect(hiddenMandatory(null, mandatoryBlocks(['video']))).toEqual([]);
  });
});
