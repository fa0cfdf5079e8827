import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const P256DH =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

/** A browser with the Push API whose push service hands out `endpoint`; records unsubscribing. */
function pushBrowser(endpoint: string) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint,
    unsubscribe,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
  };
  let subscribed = false;
  const registration = {
    pushManager: {
      getSubscription: async () => (subscribed ? subscription : null),
      subscribe: async () => {
        subscribed = true;
        return subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => registration, getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: async () => 'granted',
  });
  return { unsubscribe };
}

function openAccount(subscribing: StubAnswer) {
  const api = stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'GET preferences/user': { json: student.preferences },
    'GET /next-steps/api/notification_type/': { json: [] },
    'GET /next-steps/api/user_preference/': { json: [] },
    'GET push/key': { json: { publicKey: P256DH } },
    'POST push/subscriptions': subscribing,
  });
  renderPortal('/account', async () => ({ kind: 'user', user: student }));
  return api;
}

describe('Account: notifications on this device refused by the portal', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {};
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it.each([
    [
      400,
      'Notifications cannot be sent here: push.example.net is not a push service this portal sends to.',
    ],
    [
      409,
      'This browser already gets notifications for another person. They turn notifications off on this browser first (Account, "Notifications on this device"); then you can turn them on.',
    ],
  ])(
    'a %i shows the portal’s reason as it wrote it, and the browser does not stay subscribed',
    async (status, detail) => {
      const browser = pushBrowser('https://push.example.net/send/abc');
      const api = openAccount({ status, json: { detail } });
      const toggle = await screen.findByRole('checkbox', {
        name: 'Show notifications on this device',
      });
      await waitFor(() => expect(toggle).toBeEnabled());
      fireEvent.click(toggle);
      expect(await screen.findByText(detail)).toBeVisible();
      expect(
        screen.getByRole('checkbox', { name: 'Show notifications on this device' }),
      ).not.toBeChecked();
      expect(browser.unsubscribe).toHaveBeenCalledOnce();
      expect(api.requests.filter((r) => r.path === 'push/subscriptions')).toHaveLength(1);
    },
  );

  it('another failure keeps the general message', async () => {
    pushBrowser('https://push.example.net/send/abc');
    openAccount({ status: 500, json: { detail: 'Boom' } });
    const toggle = await screen.findByRole('checkbox', {
      name: 'Show notifications on this device',
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Notifications could not be turned on. Please try again.'),
    ).toBeVisible();
    expect(screen.queryByText('Boom')).toBeNull();
  });
});
