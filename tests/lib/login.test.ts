import { describe, expect, it } from 'vitest';
import { loginUrl } from '../../src/lib/login.js';

describe('loginUrl', () => {
  it('carries the original full path in the "next" parameter', () => {
    expect(loginUrl('/academics?term=202501#grades')).toBe(
      '/auth/sign-in?next=%2Facademics%3Fterm%3D202501%23grades',
    );
  });
});
