import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { Footer } from '../../../src/ui/portal/footer.js';
import { renderInRouter } from './in-router.js';

const footer = (staffBuild: string | null) =>
  renderInRouter(() => <Footer year={2031} campus={defaultCampus} staffBuild={staffBuild} />);

describe('Footer', () => {
  it('lists the five sections under Main Site', async () => {
    await footer(null);
    const main = await screen.findByRole('navigation', { name: 'Main site' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Academics', 'Finances', 'Community', 'Resources']);
  });

  it('School Tools open in a new tab with rel="noopener": external ones, and this product’s Next Steps', async () => {
    await footer(null);
    const tools = within(await screen.findByRole('navigation', { name: 'School Tools' }));
    const links = tools.getAllByRole('link');
    expect(links).toHaveLength(5);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
      expect(link.getAttribute('href')).toMatch(/^(https:\/\/|\/next-steps\/$)/);
    }
  });

  it('has Support & Help, New Students with the applicant portal, and the legal line', async () => {
    await footer(null);
    const support = within(await screen.findByRole('navigation', { name: 'Support & Help' }));
    expect(support.getAllByRole('link')).toHaveLength(5);
    const students = within(screen.getByRole('navigation', { name: 'New Students' }));
    expect(students.getByRole('link', { name: 'Applicant Portal' })).toHaveAttribute(
      'href',
      defaultCampus.links.applicantPortal,
    );
    expect(screen.getByText(/© 2031/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute(
      'href',
      defaultCampus.links.privacy,
    );
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute(
      'href',
      defaultCampus.links.feedback,
    );
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('shows the version and the admin link only when given a build (staff)', async () => {
    const staff = await footer('abc1234');
    expect(screen.getByText(/Version abc1234/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    staff.unmount();
    await footer(null);
    await screen.findByRole('navigation', { name: 'Main site' });
    expect(screen.queryByText(/Version/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('the footer in Spanish (issue 59)', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('reads in Spanish once Spanish is chosen, its links kept around the same words, without a reload', async () => {
    await footer('abc1234');
    await act(() => activateLocale('es'));
    const main = await screen.findByRole('navigation', { name: 'Sitio principal' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Inicio', 'Estudios', 'Finanzas', 'Comunidad', 'Recursos']);
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
      'href',
      defaultCampus.links.privacy,
    );
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/logout');
    expect(screen.getByText(/Versión abc1234/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Administración' })).toHaveAttribute('href', '/admin');
  });
});

describe('the footer’s school tools', () => {
  it('"Next Steps" (one name: the app’s, not "My Next Steps") opens this product’s own /next-steps/', () => {
    const tool = defaultCampus.schoolTools.find((t) => t.label === 'Next Steps');
    expect(tool?.url).toBe('/next-steps/');
  });
});
