// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitLogout } from '../../src/api/logout.js';

describe('submitLogout: the portal logs out only by POST with the CSRF token', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    document.cookie = 'portal_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it("posts a form to /auth/logout carrying the session's CSRF token", () => {
    document.cookie = 'portal_csrf=token-123';
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    submitLogout();
    expect(submitted).toHaveLength(1);
    const [form] = submitted;
    expect(form?.method).toBe('post');
    expect(new URL(form?.action ?? '').pathname).toBe('/auth/logout');
    expect(
      [...new FormData(form)].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : '',
      ]),
    ).toEqual([['csrf', 'token-123']]);
  });

  it('with no token (the session already gone) opens the logout address, which asks "Log out?"', () => {
    const assign = vi.fn();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit');
    const doc = { cookie: 'other=1', location: { assign } } as unknown as Document;
    submitLogout(doc);
    expect(assign).toHaveBeenCalledWith('/auth/logout');
    expect(submit).not.toHaveBeenCalled();
  });
});
