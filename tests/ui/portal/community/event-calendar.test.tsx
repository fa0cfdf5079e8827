import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import { EventCalendar } from '../../../../src/ui/portal/community/event-calendar.js';
import { ReadsOffline } from '../../../../src/ui/read-failed.js';
import { renderInRouter } from '../in-router.js';
import { feedEvents } from './events.fixtures.js';

const props = {
  status: 'loaded' as const,
  onRetry: () => {},
  sites: defaultCampus.eventSites,
};

describe('the event calendar block', () => {
  it('on the dashboard it links to Community, not to the external sites', async () => {
    await renderInRouter(() => (
      <EventCalendar {...props} place="dashboard" events={feedEvents(2)} />
    ));
    expect(screen.getByRole('heading', { name: 'Event Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all events in Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    expect(screen.queryByRole('link', { name: /Campus groups/ })).not.toBeInTheDocument();
  });

  it('elsewhere it links to the external event sites of the campus configuration, in a new tab', async () => {
    await renderInRouter(() => <EventCalendar {...props} place="other" events={feedEvents(3)} />);
    for (const site of defaultCampus.eventSites) {
      const link = screen.getByRole('link', { name: new RegExp(site.label) });
      expect(link).toHaveAttribute('href', site.url);
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(screen.queryByRole('link', { name: /Community/ })).not.toBeInTheDocument();
  });

  it('Community and pages not visited say "Not available offline" offline, not that retrieving failed', async () => {
    await renderInRouter(() => (
      <ReadsOffline value>
        <EventCalendar {...props} place="other" status="error" events={[]} />
      </ReadsOffline>
    ));
    expect(screen.getByText('Not available offline')).toBeInTheDocument();
    expect(screen.queryByText('Error retrieving info')).not.toBeInTheDocument();
  });

  it('shows "Error retrieving info" with a retry, and an empty text', async () => {
    const view = await renderInRouter(() => (
      <EventCalendar {...props} place="dashboard" status="error" events={[]} />
    ));
    expect(screen.getByText('Error retrieving info')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    view.unmount();
    await renderInRouter(() => (
      <EventCalendar {...props} place="dashboard" status="empty" events={[]} />
    ));
    expect(screen.getByText('No upcoming events right now.')).toBeInTheDocument();
  });
});
