import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '../../../../contract/sis/courses.schema.js';
import type { Meeting, MeetingPlace } from '../../../../contract/sis/schedule.schema.js';
import { directionsUrl, mapsPlatformOf } from '../../../../src/lib/directions.js';
import { ListedPlace } from '../../../../src/ui/portal/academics/place-links.js';
import { ScheduleView } from '../../../../src/ui/portal/academics/schedule.js';

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

  it("where the campus has more than one site, the site's title shows beside the building (after its room), marked as the records' English; the links still name the building alone", () => {
    const onSite = { ...cramer, site: 'Downtown Campus' };
    const { container } = render(<ListedPlace meeting={meeting as Meeting} place={onSite} />);
    expect(container.firstElementChild).toHaveTextContent(/^Cramer Hall 171 · Downtown Campus$/);
    expect(container.querySelectorAll('span > span[lang="en"]')[1]?.textContent).toBe(
      'Downtown Campus',
    );
    expect(
      screen.getByRole('link', { name: /^Map: Cramer Hall ?\(opens in a new tab\)$/ }),
    ).toBeInTheDocument();
  });

  it("the class's details name the building's site beside its name and code where the campus has more than one, and none with one", () => {
    const full: Meeting = {
      SUBJECTCODE: 'CS',
      COURSENUMBER: '161',
      COURSETITLE: 'Introduction to Programming',
      COURSEREGISTRATIONNUMBER: '41234',
      TERMCODE: '202604',
      DAYS: 'R',
      DAYSDISPLAY: 'R',
      STARTTIME: '14:00',
      ENDTIME: '15:50',
      STARTDATE: '2026-09-28',
      ENDDATE: '2026-12-11',
      BUILDING: 'Cramer Hall',
      ROOM: '171',
      LOCATION: 'Cramer Hall 171',
      MEETINGTYPE: 'LEC',
      INSTRUCTIONAL_METHOD: 'In person',
    };
    const course: Course = {
      SUBJECT: 'CS',
      SUBJECTDESCRIPTION: 'Computer Science',
      COURSENUMBER: '161',
      COURSETITLE: 'Introduction to Programming',
      COURSEREGISTRATIONNUMBER: '41234',
      SECTIONNO: '001',
      TERMCODE: '202604',
      TERMDESCRIPTION: 'Fall 2026',
      CREDITS: 4,
      COLLEGE: '',
      DEPARTMENT: '',
      COURSELEVEL: '',
      COURSELOCATION: 'Cramer Hall',
      FACULTYNAME: null,
      FACULTYEMAIL: null,
      LECTUREHOURS: null,
      SCHEDULETYPE: '',
      INSTRUCTIONAL_METHOD: 'In person',
      AVAIALABLEWAITLIST: 0,
      INITATTENDANCE: 'N',
      ACCEPTEDAID: 'N',
      EXCLUSIONLIST: 'N',
    };
    const building = (place: MeetingPlace) => {
      const { unmount } = render(
        <ScheduleView
          days={[{ label: 'THU', meetings: [{ ...full, PLACE: place }] }]}
          courses={{ '41234': course }}
        />,
      );
      const text = screen.getByText('Building').nextElementSibling?.textContent;
      unmount();
      return text;
    };
    expect(building({ ...cramer, site: 'Downtown Campus' })).toBe(
      'Cramer Hall (CH) · Downtown Campus, 1721 SW Broadway, Portland, OR 97201',
    );
    expect(building(cramer)).toBe('Cramer Hall (CH), 1721 SW Broadway, Portland, OR 97201');
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
