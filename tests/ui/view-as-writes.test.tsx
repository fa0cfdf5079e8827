import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_DETAIL } from '../../contract/error.schema.js';
import { createHttp } from '../../src/api/client.js';
import { isReadOnlyRefusal } from '../../src/api/errors.js';
import { messageKey } from '../../src/lib/message-key.js';
import { readOnlyMessage } from '../../src/lib/read-only.js';
import { TROUBLE_CONNECTING } from '../../src/lib/toasts.js';
import { listErrorsMachine } from '../../src/machines/list-errors.machine.js';
import { AppMessage } from '../../src/ui/next-steps/notices.js';
import { AttendanceWarnings } from '../../src/ui/portal/academics/attendance-warnings.js';
import { EmergencyAlerts } from '../../src/ui/portal/emergency-alerts.js';
import { ViewAsContext } from '../../src/ui/view-as-context.js';
import { expectEachDisabledSaysReadOnly, viewingAs } from '../pages/portal/view-as-fixture.js';

/** Drawn while support views as the student, as each app's frame provides it. */
const viewing = (children: ReactNode) =>
  render(<ViewAsContext value={viewingAs('en')}>{children}</ViewAsContext>);

/** The error a write answered 403 `READ_ONLY_DETAIL` throws through the apps' client. */
async function readOnlyRefusal(): Promise<unknown> {
  const http = createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: () => Promise.resolve(Response.json({ detail: READ_ONLY_DETAIL }, { status: 403 })),
  });
  return http.patch('user_message/1/', { json: {} }).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('writes while support views as the student (issue 87)', () => {
  it('the emergency alert’s Mark read is disabled, and says it is read only', () => {
    viewing(
      <EmergencyAlerts
        alerts={[
          {
            id: 'aaaaaaaaaaaaaaaa',
            title: 'Shelter in place',
            description: 'Stay indoors.',
            pubDate: '2026-11-21T11:00:00.000Z',
            severity: 'emergency',
            read: false,
            lang: 'en',
          },
        ]}
        unchecked={false}
        safetyPhone="+15035550123"
        formatDate={() => 'Nov 21, 2026'}
        onRead={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: /^Mark read/ })).toBeDisabled();
    expectEachDisabledSaysReadOnly(document.body, 1);
  });

  it('Academics’ attendance warning’s "Mark as read" is disabled, and says it is read only', () => {
    viewing(
      <AttendanceWarnings
        state="loaded"
        courses={[
          {
            TERMCODE: '202604',
            COURSEREGISTRATIONNUMBER: '41234',
            SUBJECT: 'CS',
            COURSENUMBER: '161',
            COURSETITLE: 'Introduction to Programming',
            INITATTENDANCE: 'N',
            ACCEPTEDAID: 'Y',
            EXCLUSIONLIST: 'N',
            read_on: null,
          },
        ]}
        termName="Fall 2026"
        saving={new Set()}
        failed={new Set()}
        offline={false}
        onMarkRead={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Mark as read: CS 161' })).toBeDisabled();
    expectEachDisabledSaysReadOnly(document.body, 1);
  });

  it('Next Steps’ Acknowledge is disabled, and says it is read only', () => {
    viewing(
      <AppMessage
        message={{ id: 1, title: 'Welcome', body: 'Read this first.' } as never}
        busy={false}
        onAcknowledge={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
    expectEachDisabledSaysReadOnly(document.body, 1);
  });

  it('a 403 with READ_ONLY_DETAIL is told with the read-only reason, never as "Trouble connecting", and counts as no failure', async () => {
    const error = await readOnlyRefusal();
    expect(isReadOnlyRefusal(error)).toBe(true);
    const errors = createActor(listErrorsMachine).start();
    errors.send({ type: 'message.failed', error });
    errors.send({ type: 'message.failed', error });
    errors.send({ type: 'message.failed', error });
    const { notifications } = errors.getSnapshot().context;
    expect(notifications.map((toast) => messageKey(toast.message))).toEqual([
      messageKey(readOnlyMessage('view-as')),
    ]);
    expect(notifications.map((toast) => toast.message)).not.toContainEqual(TROUBLE_CONNECTING);
    expect(errors.getSnapshot().hasTag('failing')).toBe(false);
  });

  it('another 403 is still a failure', async () => {
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: () => Promise.resolve(Response.json({ detail: 'No.' }, { status: 403 })),
    });
    const error: unknown = await http.patch('x', { json: {} }).catch((e: unknown) => e);
    expect(isReadOnlyRefusal(error)).toBe(false);
  });
});
