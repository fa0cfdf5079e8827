import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IntegrationBanner, NotAvailableOfflineBanner } from '../../../src/ui/portal/banner.js';
import { DemoControls } from '../../../src/ui/portal/demo-controls.js';
import { FlashMessages } from '../../../src/ui/portal/flash-messages.js';

describe('IntegrationBanner', () => {
  it('says the integration warning verbatim', () => {
    render(<IntegrationBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Student Information Systems integration are currently unavailable. Please check back again later.',
    );
  });
});

describe('NotAvailableOfflineBanner', () => {
  it('offline, pages not visited say "Not available offline", not the SIS-unavailable banner', () => {
    render(<NotAvailableOfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Not available offline/);
    expect(screen.getByRole('status')).not.toHaveTextContent(/Student Information Systems/);
  });
});

describe('DemoControls', () => {
  it('offers "Start Demo" outside demo mode, without the DEMO label', () => {
    const onToggle = vi.fn();
    render(<DemoControls isDemo={false} canToggle pending={false} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Demo' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('DEMO')).not.toBeInTheDocument();
  });

  it('shows the DEMO label and "End Demo" in demo mode', () => {
    render(<DemoControls isDemo canToggle pending={false} onToggle={() => {}} />);
    expect(screen.getByText('DEMO')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End Demo' })).toBeEnabled();
  });

  it('shows no toggle to a user who may not use demo mode', () => {
    const { container } = render(
      <DemoControls isDemo={false} canToggle={false} pending={false} onToggle={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('disables the toggle while the demo-state action runs', () => {
    render(<DemoControls isDemo={false} canToggle pending onToggle={() => {}} />);
    expect(screen.getByRole('button', { name: 'Start Demo' })).toBeDisabled();
  });
});

describe('FlashMessages', () => {
  it('lists the messages and dismisses one on request', () => {
    const onDismiss = vi.fn();
    render(
      <FlashMessages
        messages={[
          { id: 3, message: { id: 'saved', message: 'Saved' } },
          { id: 4, message: { id: 'demo-on', message: 'Demo mode is on' } },
        ]}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Demo mode is on' }));
    expect(onDismiss).toHaveBeenCalledWith(4);
  });
});
