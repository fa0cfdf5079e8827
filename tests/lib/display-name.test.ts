import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/lib/display-name.js';

describe('displayName', () => {
  it('greets by first name, then last name, never with an empty name', () => {
    expect(displayName({ first_name: 'Ana', last_name: 'Valencia' })).toBe('Ana');
    expect(displayName({ first_name: ' ', last_name: 'Valencia' })).toBe('Valencia');
    expect(displayName({ first_name: '', last_name: '' })).toBe('there');
  });
});
