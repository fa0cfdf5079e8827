import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../../src/ui/portal/sidebar.js';
import { renderInRouter } from './in-router.js';

const safety = {
  phone: '5035551234',
  emergencyProcedures: 'https://safety.example.edu/procedures',
  otherResources: 'https://safety.example.edu/',
};

/** Once the app has the menu (before, it is the browser's popover: issue 87). */
async function appMenu() {
  const toggle = screen.getByRole('button', { name: 'Menu' });
  await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  return toggle;
}

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
    const toggle = await appMenu();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Academics' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle);
  });

  it('ignores other keys', async () => {
    await renderInRouter(() => <Owner />);
    const toggle = await appMenu();
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the sidebar’s order (issue 43)', () => {
  it('the demo toggle comes after the menu, the account and safety, not as the first control', async () => {
    const { container } = await renderInRouter(() => (
      <Sidebar
        productName="Campus Portal"
        initialised
        menuOpen
        onToggleMenu={() => {}}
        safetyOpen={false}
        onToggleSafety={() => {}}
        onCloseSafety={() => {}}
        safety={safety}
        demo={
          <div className="demo">
            <button type="button">Start Demo</button>
          </div>
        }
      />
    ));
    const controls = [...container.querySelectorAll('a, button')].map((el) => el.textContent);
    expect(controls.indexOf('Start Demo')).toBe(controls.length - 1);
    expect(controls.indexOf('Dashboard')).toBeLessThan(controls.indexOf('Start Demo'));
  });
});

describe('the account menu’s Install the app (issue 44)', () => {
  it('leads to Account’s section of that name, after Account, marked to show only while the browser offers', async () => {
    await renderInRouter(() => <Owner />);
    await appMenu();
    const account = screen.getByRole('navigation', { name: 'Your account' });
    const links = [...account.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Account', 'Install the app']);
    expect(links[1]).toHaveAttribute('href', '/account#install');
    expect(links[1]?.closest('li')).toHaveClass('sidebar__install');
  });
});

describe('the delegate’s navigation (issue 88)', () => {
  it("navigation shows only the granted sections: no dashboard, Community, Resources nor the student's Account; their own page instead", async () => {
    await renderInRouter(() => (
      <Sidebar
        productName="Campus Portal"
        initialised
        menuOpen={false}
        onToggleMenu={() => {}}
        safetyOpen={false}
        onToggleSafety={() => {}}
        onCloseSafety={() => {}}
        safety={safety}
        shared={['messages', 'finances', 'next-steps']}
      />
    ));
    // Closed on a small screen: the menu is in the page, hidden until Menu opens it.
    const menu = screen.getByRole('navigation', { name: 'Main menu', hidden: true });
    // The delegate's menu is a chunk of its own, loaded in delegate capacity only.
    await waitFor(() => expect(menu.querySelectorAll('a').length).toBeGreaterThan(0));
    const links = Array.from(menu.querySelectorAll('a'), (a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Finances', '/finances'],
      ['Next Steps', '/next-steps/'],
      ['Messages', '/messages'],
    ]);
    // Their account menu is their own page (shares, passkeys), never the student's Account.
    const account = screen.getByRole('navigation', { name: 'Your account', hidden: true });
    expect(Array.from(account.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([
      '/auth/delegate',
    ]);
    // Safety is everyone's.
    expect(
      screen.getAllByRole('navigation', { name: 'Campus safety', hidden: true }).length,
    ).toBeGreaterThan(0);
  });
});
