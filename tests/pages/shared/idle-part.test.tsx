import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { idlePart, idleSwap, loadIdleParts } from '../../../src/lib/idle-part.js';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** Rendered in an awaited act, as React wants a tree that suspends: its retries then run. */
async function draw(node: ReactNode) {
  let drawn!: ReturnType<typeof render>;
  await act(async () => {
    drawn = render(node);
  });
  return drawn;
}

describe('a part of a page whose code loads after the first screen (src/lib/idle-part.tsx)', () => {
  it('holds a place marked as still to come until its code arrives, then draws it with its props', async () => {
    const waiting = (_: typeof Greeting) => {};
    let arrive = waiting;
    const Part = idlePart(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const { container } = await draw(<Part name="Ada" />);
    expect(container.querySelector('.later.later--part')).not.toBeNull();
    // The browser's idle moment comes first, then the code (React retries the part outside act).
    await vi.waitFor(() => expect(arrive).not.toBe(waiting));
    expect(container.querySelector('.later.later--part')).not.toBeNull();
    arrive(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(container.querySelector('.later')).toBeNull();
  });

  it('code that does not arrive leaves the place empty, and the next page that shows it asks again', async () => {
    let asked = 0;
    const Part = idlePart(async () => {
      asked += 1;
      if (asked === 1) throw new Error('offline');
      return Greeting;
    });
    const first = await draw(<Part name="Ada" />);
    await vi.waitFor(() => expect(first.container).toBeEmptyDOMElement());
    expect(asked).toBe(1);
    first.unmount();
    await draw(<Part name="Grace" />);
    expect(await screen.findByText('Hello Grace', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it('the server render loads every part first, so its first drawing has them whole', async () => {
    const Part = idlePart(async () => Greeting);
    await loadIdleParts();
    const { container } = render(<Part name="Ada" />);
    expect(container).toHaveTextContent('Hello Ada');
  });

  it('a swapped part: the stand-in with the same props at once, and from the server, then the part', async () => {
    const Standin = ({ name }: { name: string }) => <a href="/people">See {name}</a>;
    let asked = 0;
    const Part = idleSwap(async () => {
      asked += 1;
      return Greeting;
    }, Standin);
    expect(renderToString(<Part name="Ada" />)).toBe('<a href="/people">See <!-- -->Ada</a>');
    expect(asked).toBe(0);
    const { container } = await draw(<Part name="Ada" />);
    expect(container).toHaveTextContent('See Ada');
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    // Once its code is here, a new place shows the part at once.
    const second = await draw(<Part name="Grace" />);
    expect(second.container).toHaveTextContent('Hello Grace');
    expect(asked).toBe(1);
  });
});
