import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting, MeetingPlace } from '../../../../contract/sis/schedule.schema.js';
import { directionsUrl, mapsPlatformOf } from '../../../../src/lib/directions.js';
import { ListedPlace } from '../../../../src/ui/portal/academics/place-links.js';

const cramer: MeetingPlace = {
  code: 'CH',
  name: 'Cramer Hall',
  address: '1721 SW Broadway, Portland, OR 97201',
  latitude: 45.5118,
  longitude: -122.6835,
  mapUrl: 'https://www.openstreetmap.org/?mlat=45.5118&mlon=-122.6835#map=18/45.5118/-122.6835',
};
const meeting = { BUILDING: 'Cramer Hall', ROOM: '171' } as Pick<Meeting, 'BUILDING' | 'ROOM'>;

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 Safari/605.1.15';

describe("maps to classes (issue 89): a class's building, its map and directions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("directions open the phone's own maps app: geo: on Android, Apple Maps on an iPhone and on an iPad that reads as a Mac, a web map elsewhere", () => {
    expect(mapsPlatformOf(ANDROID)).toBe('android');
    expect(mapsPlatformOf(IPHONE)).toBe('apple');
    expect(mapsPlatformOf(MAC, 5)).toBe('apple');
    expect(mapsPlatformOf(MAC, 0)).toBe('web');
    expect(directionsUrl(cramer, 'android')).toBe(
      'geo:45.5118,-122.6835?q=45.5118%2C-122.6835(Cramer%20Hall)',
    );
    expect(directionsUrl(cramer, 'apple')).toBe(
      'https://maps.apple.com/?daddr=45.5118%2C-122.6835&q=Cramer%20Hall',
    );
    expect(directionsUrl(cramer, 'web')).toBe(
      'https://www.openstreetmap.org/directions?route=%3B45.5118%2C-122.6835',
    );
  });

  it('the place reads building and room; Map opens the campus map at the building and each link names the building and its new tab', () => {
    const { container } = render(<ListedPlace meeting={meeting as Meeting} place={cramer} />);
    expect(container.firstElementChild).toHaveTextContent(/^Cramer Hall 171$/);
    expect(container.querySelector('span > span[lang="en"]')).toHaveTextContent('Cramer Hall');
    const map = screen.getByRole('link', { name: /^Map: Cramer Hall ?\(opens in a new tab\)$/ });
    expect(map).toHaveAttribute('href', cramer.mapUrl);
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      screen.getByRole('link', { name: /^Directions: Cramer Hall ?\(opens in a new tab\)$/ }),
    ).toBeInTheDocument();
  });

  it("a record that writes the building's code ('ch') shows the building's name, not only its code", () => {
    const byCode = { BUILDING: 'ch', ROOM: '171' } as Pick<Meeting, 'BUILDING' | 'ROOM'>;
    const { container } = render(<ListedPlace meeting={byCode as Meeting} place={cramer} />);
    expect(container.firstElementChild).toHaveTextContent(/^Cramer Hall 171$/);
  });

  it('the server draws the web map’s directions; on an Android phone the browser then links the maps app', () => {
    const drawn = renderToString(<ListedPlace meeting={meeting as Meeting} place={cramer} />);
    expect(drawn).toContain(
      'href="https://www.openstreetmap.org/directions?route=%3B45.5118%2C-122.6835"',
    );
    vi.stubGlobal('navigator', { userAgent: ANDROID, maxTouchPoints: 5 });
    const { container } = render(<ListedPlace meeting={meeting as Meeting} place={cramer} />);
    const links = within(container).getAllByRole('link');
    expect(links[1]).toHaveAttribute('href', expect.stringMatching(/^geo:45\.5118,-122\.6835\?/));
  });
});
