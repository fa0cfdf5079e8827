import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Hold } from '../../../contract/sis/holds.schema.js';
import { ProfileImageLink } from '../../../src/ui/portal/profile-image.js';
import {
  EmployeeCard,
  HoldsSummary,
  ProfileSummary,
  StudentCard,
} from '../../../src/ui/portal/profile-summary.js';
import { renderInRouter } from './in-router.js';

const initials = { kind: 'initials', text: 'AV' } as const;
const loaded = (text: string) => ({ status: 'loaded' as const, text });
const hold: Hold = {
  HOLD: 'RH',
  HOLDDESCRIPTION: 'Registration Hold',
  HOLDAMOUNT: 250,
  HOLDFROMDATE: '2026-10-15',
  HOLDTODATE: '2099-12-31',
  HOLDORIGINATINGOFFICE: 'SFS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Student Financial Services',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
};

describe('the profile summary', () => {
  it('on the dashboard greets "Hello" plus the display name', async () => {
    await renderInRouter(() => <ProfileSummary greeting="Hello Ana" card={<p>card</p>} />);
    expect(screen.getByText('Hello Ana')).toBeVisible();
  });

  it('the greeting is a level-2 heading, so the holds heading under it keeps heading levels in order', async () => {
    await renderInRouter(() => (
      <ProfileSummary
        greeting="Hello Ana"
        card={<p>card</p>}
        holds={<HoldsSummary status="empty" holds={[]} />}
      />
    ));
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([2, 3]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Hello Ana');
  });

  it('the student card shows initials, name, university ID, program and class standing', async () => {
    await renderInRouter(() => (
      <StudentCard
        image={initials}
        name="Ana Valencia"
        universityId="900000001"
        program={loaded('Computer Science')}
        classStanding={loaded('Sophomore')}
      />
    ));
    for (const text of ['AV', 'Ana Valencia', '900000001', 'Computer Science', 'Sophomore'])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('the student card says when its program is loading, failed or not on record', async () => {
    await renderInRouter(() => (
      <StudentCard
        image={initials}
        name="Ana Valencia"
        universityId="900000001"
        program={{ status: 'empty', text: '' }}
        classStanding={{ status: 'error', text: '' }}
      />
    ));
    expect(screen.getByText('No Record Found/Not Applicable')).toBeVisible();
    expect(screen.getByText('Error retrieving info')).toBeVisible();
  });

  it('an empty text of portal.md §8 reads as nothing on record, set quietly, never as the value (issue 43)', async () => {
    await renderInRouter(() => (
      <StudentCard
        image={initials}
        name="Ana Valencia"
        universityId="900000001"
        program={{ status: 'loaded', text: 'Computer Science' }}
        classStanding={{ status: 'loaded', text: 'No Class Standing/Not Applicable' }}
      />
    ));
    expect(screen.getByText('No Class Standing/Not Applicable')).toHaveClass('empty-value');
    expect(screen.getByText('Computer Science')).not.toHaveClass('empty-value');
  });

  it('the employee card shows title, department, roles, university ID and the 15-minute notice', async () => {
    await renderInRouter(() => (
      <EmployeeCard
        image={initials}
        name="Morgan Chen"
        universityId="900000003"
        roles={['Faculty', 'Advisor']}
        title={loaded('Registrar Systems Analyst')}
        department={{ status: 'loading', text: '' }}
      />
    ));
    expect(screen.getByText('Registrar Systems Analyst')).toBeVisible();
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(screen.getByText('Faculty, Advisor')).toBeVisible();
    expect(screen.getByText('900000003')).toBeVisible();
    expect(
      screen.getByText('Changes to the campus directory may take up to 15 minutes to appear.'),
    ).toBeVisible();
  });

  it('the holds summary lists the holds and "View more" goes to /account#holds', async () => {
    await renderInRouter(() => <HoldsSummary status="loaded" holds={[hold]} />);
    expect(screen.getByText('Registration Hold')).toBeVisible();
    expect(screen.getByRole('link', { name: /View more/ })).toHaveAttribute(
      'href',
      '/account#holds',
    );
  });

  it.each([
    ['empty', 'No holds'],
    ['error', 'Holds not available at this time'],
    ['loading', 'Loading…'],
  ] as const)('the holds summary while %s says "%s"', async (status, text) => {
    await renderInRouter(() => <HoldsSummary status={status} holds={[]} />);
    expect(screen.getByText(text)).toBeVisible();
  });

  it('the toolbar profile image is a link named "Account" by its image, to the Account page', async () => {
    await renderInRouter(() => <ProfileImageLink image={{ kind: 'photo', src: 'data:,' }} />);
    const link = screen.getByRole('link', { name: 'Account' });
    expect(link).toHaveAttribute('href', '/account');
    // The image is the link's only content: it names the link (no empty alt inside a named link).
    expect(link.querySelector('img')).toHaveAttribute('alt', 'Account');
    expect(link).not.toHaveAttribute('aria-label');
  });

  it('the toolbar initials are a link named "Account" too', async () => {
    await renderInRouter(() => <ProfileImageLink image={{ kind: 'initials', text: 'AR' }} />);
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });
});
