import { describe, expect, it } from 'vitest';
import { apiFailed } from '../../src/api/api-failure.js';

describe('the API-failure event', () => {
  it('portal.md §8: a failed call pushes "Error retreiving data", spelled as the product shows it', () => {
    expect(apiFailed('holds')).toEqual({
      type: 'app.apiFailed',
      component: 'holds',
      message: 'Error retreiving data',
    });
  });

  it('carries a call’s own message, and no component when the call names none', () => {
    expect(apiFailed(undefined, 'Could not save')).toEqual({
      type: 'app.apiFailed',
      message: 'Could not save',
    });
  });
});
