import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NextStepsFrame, ProvisionalNotice } from '../../../src/ui/next-steps/next-steps-frame.js';
import { renderInRouter } from '../portal/in-router.js';

/** The form around a "Log out" button, with what it would send. */
const logoutForm = () => {
  const form = screen.getByRole('button', { name: 'Log out' }).closest('form');
  if (!form) throw new Error('"Log out" is not in a form');
  return {
    method: form.getAttribute('method'),
    action: form.getAttribute('action'),
    fields: [...new FormData(form)].map(([name, value]) => [name, String(value)]),
  };
};

describe('Next Steps "Log out" posts the CSRF token: logout is only by POST with the token', () => {
  it('the header\'s "Log out" is a form posting the token to /auth/logout', async () => {
    await renderInRouter(() => (
      <NextStepsFrame notices={null} csrf="token-123">
        <p>Tasks</p>
      </NextStepsFrame>
    ));
    expect(logoutForm()).toEqual({
      method: 'post',
      action: '/auth/logout',
      fields: [['csrf', 'token-123']],
    });
    expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
  });

  it('the provisional notice\'s "Log out" is the same form', async () => {
    await renderInRouter(() => <ProvisionalNotice ssoName="Odin" csrf="token-456" />);
    expect(logoutForm().fields).toEqual([['csrf', 'token-456']]);
  });

  it('without a token (the session already gone) it links to the "Log out?" page', async () => {
    await renderInRouter(() => (
      <NextStepsFrame notices={null} csrf={null}>
        <p>Tasks</p>
      </NextStepsFrame>
    ));
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/auth/logout');
  });
});

describe('the Next Steps header (issue 43)', () => {
  it('links home with the configured product name, not a fixed one', async () => {
    await renderInRouter(() => (
      <NextStepsFrame notices={null} csrf={null} productName="Northfield Student Hub">
        <p>Page</p>
      </NextStepsFrame>
    ));
    expect(screen.getByRole('link', { name: 'Northfield Student Hub' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByText('Campus Portal')).toBeNull();
  });
});
