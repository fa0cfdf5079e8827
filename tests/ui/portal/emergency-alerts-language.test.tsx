import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmergencyAlert } from '../../../contract/alerts.schema.js';
import { activateLocale } from '../../../src/lib/i18n.js';
import { EmergencyAlerts } from '../../../src/ui/portal/emergency-alerts.js';

afterEach(() => activateLocale('en'));

const campus: EmergencyAlert = {
  id: 'aaaaaaaaaaaaaaaa',
  title: 'Shelter in place',
  description: 'Stay indoors.',
  pubDate: '2026-11-21T11:00:00.000Z',
  severity: 'emergency',
  read: false,
  lang: 'en',
};
const props = {
  unchecked: false,
  safetyPhone: '+15035550123',
  formatDate: () => '21 nov 2026',
  onRead: () => {},
};

describe('an emergency alert for a Spanish reader (issue 59, WCAG 3.1.2)', () => {
  it('marks the campus feed’s English title and description lang="en", not the Spanish label', async () => {
    await act(() => activateLocale('es'));
    render(<EmergencyAlerts {...props} alerts={[campus]} />);
    const title = screen.getByText('Shelter in place');
    expect(title).toHaveAttribute('lang', 'en');
    expect(title.closest('p')?.querySelector('.emergency-alert__label')).not.toHaveAttribute(
      'lang',
    );
    expect(screen.getByText('Stay indoors.').closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it('a publisher’s Spanish alert is marked es, and an English reader’s alert carries no lang', async () => {
    await act(() => activateLocale('es'));
    const spanish = { ...campus, title: 'Refúgiese en su lugar', lang: 'es' } as const;
    const { unmount } = render(<EmergencyAlerts {...props} alerts={[spanish]} />);
    expect(screen.getByText('Refúgiese en su lugar')).toHaveAttribute('lang', 'es');
    unmount();
    await act(() => activateLocale('en'));
    const { lang: _, ...english } = campus;
    render(<EmergencyAlerts {...props} alerts={[english]} />);
    expect(screen.getByText('Shelter in place')).not.toHaveAttribute('lang');
  });
});
