import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { EventCard, placeOf } from '../../../../src/ui/portal/community/event-card.js';
import { feedEvent } from './events.fixtures.js';

describe('an event in a feed', () => {
  it('links its title to the event in a new tab, with rel="noopener"', () => {
    render(<EventCard event={feedEvent(1)} />);
    const link = screen.getByRole('link', { name: /Event 1/ });
    expect(link).toHaveAttribute('href', 'https://events.campus.example.edu/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveTextContent('(opens in a new tab)');
  });

  it('shows its image lazily, at a fixed size, with alt text', () => {
    render(<EventCard event={feedEvent(1, { image_alt: 'Students at the fair' })} />);
    const image = screen.getByRole('img', { name: 'Students at the fair' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '160');
    expect(image).toHaveAttribute('height', '100');
  });

  it('loads its image from the portal at the width the card needs: 400 for the card, 800 for a phone', () => {
    const event = feedEvent(1);
    render(<EventCard event={event} />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('src', `${event.image}?w=400`);
    expect(image).toHaveAttribute('srcset', `${event.image}?w=400 400w, ${event.image}?w=800 800w`);
    expect(image.getAttribute('src')).toMatch(/^\/api\/feed-images\//);
  });

  it('an item without an image is its text alone: no drawn placeholder repeated down the page (issue 43)', () => {
    const { container } = render(<EventCard event={feedEvent(1, { image: null })} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('.event-card__image, svg')).toBeNull();
    expect(screen.getByRole('heading', { name: /Event 1/ })).toBeInTheDocument();
  });

  it('a compact item shows no image', () => {
    const { container } = render(<EventCard event={feedEvent(1)} compact />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('.event-card__image')).toBeNull();
  });

  it('a news item (compact, images when present) shows its image with its alt, and no placeholder when it has none', () => {
    const { unmount } = render(
      <EventCard
        event={feedEvent(1, { image_alt: 'Volunteers holding crates of squash' })}
        compact
        images="when-present"
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Volunteers holding crates of squash' }),
    ).toBeInTheDocument();
    unmount();
    render(<EventCard event={feedEvent(2, { image: null })} compact images="when-present" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId('image-placeholder')).not.toBeInTheDocument();
  });

  it('shows the date and time in the campus zone, marked up with its instant', () => {
    render(<EventCard event={feedEvent(1)} />);
    const time = screen.getByText('Nov 11, 2026, 6:00 PM – 8:00 PM PST');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-12T02:00:00.000Z');
  });

  it('an event without a link shows its title as text', () => {
    render(<EventCard event={feedEvent(1, { link: null })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Event 1' })).toBeInTheDocument();
  });

  it('says whether it is in person or online, with its place', () => {
    expect(placeOf(feedEvent(1))).toBe('In person · Lincoln Hall 75');
    expect(placeOf(feedEvent(1, { locationType: 'online', location: 'Online' }))).toBe('Online');
    expect(placeOf(feedEvent(1, { locationType: 'hybrid', location: 'SMSU 238' }))).toBe(
      'In person and online · SMSU 238',
    );
    expect(placeOf(feedEvent(1, { locationType: null, location: null }))).toBeNull();
  });
});

describe('an image that cannot load', () => {
  it('shows the drawn placeholder in its place, never a broken image (issue 62)', () => {
    const { container } = render(<EventCard event={feedEvent(2)} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByTestId('image-placeholder');
    expect(placeholder).toHaveClass('event-card__image');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('an event read in Spanish (issue 76)', () => {
  afterEach(() => activateLocale('en'));

  it('its time follows es-US on the campus clock, from its instants, not the server’s English', async () => {
    await activateLocale('es');
    // Nov 11 18:00 – 20:00 on the Los Angeles clock.
    render(<EventCard event={feedEvent(1)} />);
    const time = screen.getByText(/^mié, 11 de nov de 2026, 6:00–8:00\sp\.\s?m\.$/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-12T02:00:00.000Z');
    expect(screen.queryByText(/PST|PM/)).not.toBeInTheDocument();
  });

  it('the feed’s words (title, place, group, image text) are marked English; the kind of place is Spanish', async () => {
    await activateLocale('es');
    render(<EventCard event={feedEvent(1, { group: 'Chess Club' })} />);
    expect(screen.getByText('Event 1')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Lincoln Hall 75')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Chess Club')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('img')).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/^Presencial/)).not.toHaveAttribute('lang');
  });
});
