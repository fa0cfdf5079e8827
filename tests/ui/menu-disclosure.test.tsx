import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MenuDisclosure } from '../../src/ui/menu-disclosure.js';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button">Before</button>
      <p>Outside</p>
      <MenuDisclosure
        label="Menu"
        open={open}
        onToggle={() => setOpen((o) => !o)}
        onClose={() => setOpen(false)}
        panelId="the-panel"
        className="menu"
        toggleClassName="menu__toggle"
        panelClassName="menu__panel"
      >
        <ul aria-label="Entries">
          <li>
            <a href="#one">One</a>
          </li>
          <li>
            <button type="button">Two</button>
          </li>
        </ul>
      </MenuDisclosure>
      <button type="button">After</button>
    </div>
  );
}

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const panel = () => screen.queryByRole('list', { name: 'Entries' });

async function opened() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(toggle());
  expect(panel()).toBeInTheDocument();
  return user;
}

describe('MenuDisclosure', () => {
  it('the toggle says whether the panel is open and names the panel it controls', async () => {
    const user = await opened();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', 'the-panel');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).not.toBeInTheDocument();
  });

  it('opens and closes from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    toggle().focus();
    await user.keyboard('{Enter}');
    expect(panel()).toBeInTheDocument();
    await user.keyboard(' ');
    expect(panel()).not.toBeInTheDocument();
  });

  it('Escape closes the menu and focus returns to the toggle', async () => {
    const user = await opened();
    await user.tab();
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it('tabbing out of the menu closes it, and focus goes on to the next control', async () => {
    const user = await opened();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus();
    expect(panel()).toBeInTheDocument();
    await user.tab();
    expect(panel()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('tabbing backwards out of the menu closes it too', async () => {
    const user = await opened();
    await user.tab({ shift: true });
    expect(panel()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('a click outside closes the menu; a press inside does not', async () => {
    const user = await opened();
    fireEvent.pointerDown(screen.getByRole('link', { name: 'One' }));
    expect(panel()).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(panel()).not.toBeInTheDocument();
  });

  it('choosing an entry closes the menu and focus returns to the toggle', async () => {
    const user = await opened();
    await user.click(screen.getByRole('button', { name: 'Two' }));
    expect(panel()).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });
});

describe('MenuDisclosure before the app has the page (issue 87)', () => {
  it('the server draws the entries in the page, in a popover its button opens with no script', () => {
    const html = renderToString(<Harness />);
    // (HTML's attribute names are the same in any case: React writes popoverTarget.)
    expect(html).toMatch(/popovertarget="the-panel"/i);
    expect(html).toContain('popover="auto"');
    expect(html).toContain('href="#one"');
    expect(html).not.toContain('aria-expanded');
  });

  it('a panel the browser opened before the takeover is open once the app has it, and closes as the app’s', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Harness />);
    document.body.append(container);
    const drawnPanel = container.querySelector<HTMLElement>('[popover]')!;
    // What the browser did: the popover shown by its button's press.
    drawnPanel.hidePopover = vi.fn();
    const matches = drawnPanel.matches.bind(drawnPanel);
    drawnPanel.matches = (selector: string) => selector === ':popover-open' || matches(selector);
    await act(async () => {
      hydrateRoot(container, <Harness />);
    });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).not.toHaveAttribute('popovertarget');
    expect(panel()).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
    container.remove();
  });
});
