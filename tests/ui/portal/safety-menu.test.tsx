import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SafetyMenu } from '../../../src/ui/portal/safety-menu.js';

const contacts = {
  phone: '+15035550123',
  phoneLabel: '(503) 555-0123',
  emergencyProcedures: 'https://safety.example.edu/emergency',
  otherResources: 'https://safety.example.edu/resources',
};

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p>Outside</p>
      <a href="#before">Before</a>
      <SafetyMenu
        open={open}
        onToggle={() => setOpen((o) => !o)}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        contacts={contacts}
      />
    </div>
  );
}

describe('SafetyMenu', () => {
  it('has its three entries, the call entry a tel: link', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Safety' }));
    expect(screen.getByRole('link', { name: /Call Campus Safety/ })).toHaveAttribute(
      'href',
      'tel:+15035550123',
    );
    expect(screen.getByRole('link', { name: /Call Campus Safety/ })).toHaveTextContent(
      '(503) 555-0123',
    );
    expect(screen.getByRole('link', { name: 'Emergency Procedures' })).toHaveAttribute(
      'href',
      contacts.emergencyProcedures,
    );
    expect(screen.getByRole('link', { name: 'Other Safety Resources' })).toHaveAttribute(
      'href',
      contacts.otherResources,
    );
  });

  it('toggles open and closed', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Safety' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Safety' })).not.toBeInTheDocument();
  });

  it('closes on a click outside, not on a click inside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Safety' }));
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Emergency Procedures' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('navigation', { name: 'Safety' })).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Safety' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Safety' })).not.toBeInTheDocument();
  });

  it('Escape closes the menu and focus returns to the Safety toggle', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Safety' }));
    await user.tab();
    expect(screen.getByRole('link', { name: /Call Campus Safety/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Safety' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Safety' })).toHaveFocus();
  });

  it('tabbing out of the menu closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Safety' }));
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Before' })).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Safety' })).not.toBeInTheDocument();
  });
});
