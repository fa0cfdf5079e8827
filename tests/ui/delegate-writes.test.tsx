import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { inbox, unreadFirst } from '../../src/lib/messages.js';
import { activateLocale } from '../../src/lib/i18n.js';
import { MessagesPage } from '../../src/ui/portal/messages-page.js';
import { ReadOnlyNote } from '../../src/ui/read-only-note.js';
import { DelegateContext, ViewAsContext, useReadOnly } from '../../src/ui/view-as-context.js';
import { message } from '../lib/message-fixtures.js';
import { viewingAs } from '../pages/portal/view-as-fixture.js';

const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['messages' as const],
  ends_at: '2027-06-01T05:59:59.000Z',
};

/** Drawn while a delegate reads, as the portal's frame provides it. */
const delegate = (children: ReactNode) =>
  render(<DelegateContext value={SHARE}>{children}</DelegateContext>);

function Save() {
  return (
    <button type="button" disabled={useReadOnly()} aria-describedby="note">
      Save
    </button>
  );
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('writes while a delegate reads the portal (issue 88)', () => {
  it('every write control is disabled, with its reason in words: read only, shared to read', () => {
    delegate(
      <>
        <ReadOnlyNote id="note" />
        <Save />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Read only: this was shared with you to read.');
  });

  it('says the reason in the page’s language, which is the delegate’s', async () => {
    await act(() => activateLocale('es'));
    delegate(<ReadOnlyNote id="note" />);
    expect(
      screen.getByText('Solo lectura: esto se compartió con usted para consultarlo.'),
    ).toBeInTheDocument();
  });

  it('the messages page shows Mark all read disabled, saying why', () => {
    const { unread } = unreadFirst(inbox([message(2)], []));
    delegate(
      <MessagesPage
        status="loaded"
        unread={unread}
        read={[]}
        formatDate={() => 'Nov 1, 2026'}
        onRead={() => {}}
        onReadAll={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.getByText('Read only: this was shared with you to read.')).toBeInTheDocument();
  });

  it('support viewing as the student keeps its own reason, and nobody’s page is read only by default', () => {
    render(
      <ViewAsContext value={viewingAs('en')}>
        <DelegateContext value={SHARE}>
          <ReadOnlyNote id="note" />
        </DelegateContext>
      </ViewAsContext>,
    );
    expect(screen.getByText('Read only while you view as this student.')).toBeInTheDocument();
    render(<Save />);
    expect(screen.getAllByRole('button', { name: 'Save' }).at(-1)).toBeEnabled();
  });
});
