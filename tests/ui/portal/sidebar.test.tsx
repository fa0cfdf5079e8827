import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../../src/ui/portal/sidebar.js';
import { renderInRouter } from './in-router.js';

const safety = {
  phone: '5035551234',
  emergencyProcedures: 'https://safety.example.edu/procedures',
  otherResources: 'https://safety.example.edu/',
};

function Owner() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Sidebar
      productName="Campus Portal"
      initialised
      menuOpen={menuOpen}
      onToggleMenu={() => setMenuOpen((open) => !open)}
      safetyOpen={false}
      onToggleSafety={() => {}}
      onCloseSafety={() => {}}
      safety={safety}
    />
  );
}

describe('the mobile menu', () => {
  it('closes on Escape, and focus returns to its Menu button', async () => {
    await renderInRouter(() => <Owner />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Academics' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle);
  });

  it('ignores other keys', async () => {
    await renderInRouter(() => <Owner />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
