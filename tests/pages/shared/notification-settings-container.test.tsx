import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationSettingsCalls } from '../../../src/api/notification-settings.js';
import { NotificationSettingsContainer } from '../../../src/pages/shared/notification-settings-container.js';
import { student } from '../../machines/fixtures.js';

/** The settings as a student who has not chosen coursework due dates sees them (its default). */
function calls(): NotificationSettingsCalls {
  return {
    load: vi.fn(async () => ({
      preferences: student.preferences,
      topics: [
        { id: 4, name: 'Deadline alerts' },
        { id: 5, name: 'Messages from the university' },
        { id: 6, name: 'Coursework due dates' },
      ],
      chosen: { pk: 9, notifications: [4, 5], updated_by_user_on: null },
    })),
    save: vi.fn(),
    saveTopics: vi.fn(async (pk: number, notifications: number[]) => ({
      pk,
      notifications,
      updated_by_user_on: '2026-11-25T08:00:00.000Z',
    })),
  };
}

describe('the notification settings screen: Coursework due dates (issue 45)', () => {
  it('shows the box "Coursework due dates" unticked until the student turns it on; ticking it saves the topic at once beside the others', async () => {
    const api = calls();
    render(
      <NotificationSettingsContainer
        calls={api}
        readOnly={null}
        timeZone="America/Los_Angeles"
        phoneCountry="US"
      />,
    );
    const box = await screen.findByRole('checkbox', { name: 'Coursework due dates' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Deadline alerts' })).toBeChecked();
    fireEvent.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(api.saveTopics).toHaveBeenCalledWith(9, [4, 5, 6]));
    expect(await screen.findByText('Saved.')).toBeVisible();
  });

  it('in demo mode (read-only) the box cannot be ticked and nothing is saved', async () => {
    const api = calls();
    render(
      <NotificationSettingsContainer
        calls={api}
        readOnly="demo"
        timeZone="America/Los_Angeles"
        phoneCountry="US"
      />,
    );
    const box = await screen.findByRole('checkbox', { name: 'Coursework due dates' });
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    expect(api.saveTopics).not.toHaveBeenCalled();
  });
});
