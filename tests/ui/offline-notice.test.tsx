import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import { OfflineNotice } from '../../src/ui/offline-notice.js';

const props = { keptAt: '9:41 AM', onReload: vi.fn(), onDismiss: vi.fn() };

describe('OfflineNotice', () => {
  it('the offline notice is announced when it appears: its status region is on the page, empty, before the words come', () => {
    const { rerender } = render(<OfflineNotice {...props} state="online" />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    rerender(<OfflineNotice {...props} state="offline" />);
    // The same element, now with the words: a live region that existed before its change.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Offline — showing what you saw at 9:41 AM');
    rerender(<OfflineNotice {...props} state="reconnected" />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('You’re back online.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('the offline notice never covers the first task or the focused element: it is a band in the page’s flow, not a bar fixed over it', () => {
    render(<OfflineNotice {...props} state="offline" />);
    const region = screen.getByRole('status');
    expect(region).toHaveClass('offline-notice');
    expect(region).not.toHaveClass('update-notice');
  });
});

describe('OfflineNotice in Spanish (issue 59)', () => {
  afterEach(() => activateLocale('en'));

  it('says when what it shows was current in one Spanish sentence, the time as the page wrote it', async () => {
    await activateLocale('es');
    const { rerender } = render(<OfflineNotice {...props} keptAt="9:41 a.m." state="offline" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sin conexión: se muestra lo que vio a las 9:41 a.m.',
    );
    rerender(<OfflineNotice {...props} state="reconnected" />);
    expect(screen.getByRole('status')).toHaveTextContent('Ya tiene conexión de nuevo.');
    expect(screen.getByRole('button', { name: 'Volver a cargar' })).toBeInTheDocument();
  });
});
