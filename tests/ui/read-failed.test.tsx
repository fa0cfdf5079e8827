import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReadsOffline } from '../../src/ui/read-failed.js';
import { SectionStatus } from '../../src/ui/portal/section-status.js';
import { SectionCard } from '../../src/ui/portal/academics/section-card.js';
import { MyNextSteps } from '../../src/ui/portal/my-next-steps.js';
import { StudentCard } from '../../src/ui/portal/profile-summary.js';
import { AttendanceWarnings } from '../../src/ui/portal/academics/attendance-warnings.js';

const failed: Record<string, () => ReactNode> = {
  'a dashboard or page section (SectionStatus)': () => (
    <SectionStatus status="error" emptyText="" onRetry={vi.fn()}>
      {() => null}
    </SectionStatus>
  ),
  'a section with its own §8 sentence (Finances’ account summary)': () => (
    <SectionStatus
      status="error"
      emptyText=""
      errorText="Unable to retrieve account summary"
      onRetry={vi.fn()}
    >
      {() => null}
    </SectionStatus>
  ),
  'an Academics card (current term)': () => (
    <SectionCard
      id="term"
      title="Current term"
      state="error"
      emptyText=""
      errorText="Unable to retrieve current term info"
      onRetry={vi.fn()}
    />
  ),
  'Upcoming Tasks': () => <MyNextSteps state="error" tasks={[]} dueLabel={() => null} />,
  'the attendance warnings': () => (
    <AttendanceWarnings
      state="error"
      courses={[]}
      termName=""
      saving={new Set()}
      failed={new Set()}
      offline={false}
      onMarkRead={vi.fn()}
      onRetry={vi.fn()}
    />
  ),
};

describe('a section whose read failed', () => {
  for (const [name, section] of Object.entries(failed)) {
    it(`offline, ${name} says "Not available offline", not "Error retrieving info" or its outage sentence (issue 57)`, () => {
      const { unmount } = render(<ReadsOffline value={false}>{section()}</ReadsOffline>);
      const online = document.body.textContent ?? '';
      expect(online).toMatch(/Error retrieving info|Unable to retrieve/);
      expect(online).not.toContain('Not available offline');
      unmount();

      render(<ReadsOffline value>{section()}</ReadsOffline>);
      expect(screen.getByText('Not available offline')).toBeVisible();
      expect(document.body).not.toHaveTextContent(/Error retrieving info|Unable to retrieve/);
    });
  }

  it('offline, the profile card’s program and class standing that could not be read say "Not available offline"', () => {
    render(
      <ReadsOffline value>
        <StudentCard
          image={{ kind: 'initials', text: 'AV' }}
          name="Ana Valencia"
          universityId="900000001"
          program={{ status: 'error', text: '' }}
          classStanding={{ status: 'loaded', text: 'Sophomore' }}
        />
      </ReadsOffline>,
    );
    expect(screen.getByText('Not available offline')).toBeVisible();
    expect(screen.getByText('Sophomore')).toBeVisible();
  });
});
