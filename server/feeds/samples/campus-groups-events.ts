import type { SampleClock } from './sample-clock.js';

const site = 'https://groups.campus.example.edu';

interface SampleItem {
  id: string;
  title: string;
  group: string;
  /** Days from today and the campus wall-clock times; null: the item carries no dates. */
  when: [days: number, from: string, to: string] | null;
  location: string;
  type: string;
  /** Omitted: the item carries no privacyLevel. */
  privacy?: number;
  link?: string;
  image?: string;
}

const items: SampleItem[] = [
  {
    id: '9101',
    title: 'Board Game Night',
    group: 'Tabletop Club',
    when: [1, '18:00', '21:00'],
    location: 'Smith Memorial Student Union 238',
    type: 'In-Person',
    privacy: 0,
    image: 'board-games.jpg',
  },
  {
    id: '9102',
    title: 'Hackathon Kickoff',
    group: 'Computer Science Society',
    when: [2, '17:00', '19:00'],
    location: 'Engineering Building 102',
    type: 'Hybrid',
    privacy: 1,
    image: 'hackathon.jpg',
  },
  {
    id: '9103',
    title: 'Officer Elections (members only)',
    group: 'Chess Club',
    when: [2, '12:00', '13:00'],
    location: 'Cramer Hall 171',
    type: 'In-Person',
    privacy: 2,
  },
  {
    id: '9104',
    title: 'Private Planning Meeting',
    group: 'Student Senate',
    when: [3, '09:00', '10:00'],
    location: 'Online',
    type: 'Virtual',
    privacy: 3,
  },
  {
    id: '9105',
    title: 'Unlabelled Gathering',
    group: 'Hiking Club',
    when: [3, '10:00', '11:00'],
    location: 'Forest Park',
    type: 'In-Person',
  },
  {
    id: '9106',
    title: 'Trivia Night (last week)',
    group: 'Tabletop Club',
    when: [-6, '18:00', '20:00'],
    location: 'Smith Memorial Student Union 238',
    type: 'In-Person',
    privacy: 0,
  },
  {
    id: '9107',
    title: 'Time to be announced',
    group: 'Film Society',
    when: null,
    location: 'Lincoln Hall 75',
    type: 'In-Person',
    privacy: 0,
  },
  {
    id: '9108',
    title: '<script>alert(1)</script>Salsa <em>Social</em>',
    group: 'Latin Dance Club',
    when: [4, '19:00', '21:00'],
    location: 'Academic and Student Recreation Center Studio',
    type: 'In-Person',
    privacy: 0,
    image: 'salsa.jpg',
  },
  {
    id: '9109',
    title: 'Climate Action Teach-in',
    group: 'Students for Sustainability',
    when: [5, '15:00', '17:00'],
    location: 'Online',
    type: 'Virtual',
    privacy: 1,
    link: 'javascript:alert(document.cookie)',
  },
  {
    id: '9110',
    title: 'Pottery Open Studio',
    group: 'Ceramics Guild',
    when: [6, '13:00', '16:00'],
    location: 'Art Building 110',
    type: 'In-Person',
    privacy: 0,
    image: 'pottery.jpg',
  },
  {
    id: '9111',
    title: 'Coding Interview Practice',
    group: 'Computer Science Society',
    when: [7, '18:00', '19:30'],
    location: 'Online',
    type: 'Virtual',
    privacy: 0,
  },
  {
    id: '9112',
    title: 'Community Garden Workday',
    group: 'Students for Sustainability',
    when: [8, '10:00', '13:00'],
    location: 'Community Garden',
    type: 'In-Person',
    privacy: 1,
    image: 'garden.jpg',
  },
  {
    id: '9113',
    title: 'Poetry Open Mic',
    group: 'Writers Collective',
    when: [9, '19:00', '21:00'],
    location: 'Food for Thought Cafe',
    type: 'In-Person',
    privacy: 0,
  },
  {
    id: '9114',
    title: 'Robotics Demo Day',
    group: 'Robotics Club',
    when: [10, '11:00', '14:00'],
    location: 'Engineering Building Atrium',
    type: 'In-Person',
    privacy: 0,
    image: 'robots.jpg',
  },
  {
    id: '9115',
    title: 'Language Exchange Cafe',
    group: 'International Student Association',
    when: [11, '16:00', '18:00'],
    location: 'Smith Memorial Student Union 327',
    type: 'Hybrid',
    privacy: 0,
  },
  {
    id: '9116',
    title: 'Night Hike',
    group: 'Hiking Club',
    when: [12, '19:00', '22:00'],
    location: 'Forest Park',
    type: 'In-Person',
    privacy: 1,
  },
  {
    id: '9117',
    title: 'Volunteer Fair',
    group: 'Community Service Corps',
    when: [13, '11:00', '15:00'],
    location: 'Park Blocks',
    type: 'In-Person',
    privacy: 0,
  },
  {
    id: '9118',
    title: 'End-of-Term Potluck',
    group: 'International Student Association',
    when: [14, '17:00', '20:00'],
    location: 'Smith Memorial Student Union Ballroom',
    type: 'In-Person',
    privacy: 0,
  },
];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The embedded default of the campus-group platform's events RSS, dated relative to now. Items carry
 * an event id, start and end with an offset, location and location type, a group, an image and a
 * `privacyLevel`; the sample adds levels 2 and 3 and a missing level (all hidden), a past event, an
 * undated event, HTML in a title, a `javascript:` link, and more than 12 public upcoming events.
 */
export function campusGroupsEventsSample(c: SampleClock): string {
  const entries = items.map((item) => {
    const link = item.link ?? `${site}/events/${item.id}`;
    const dates = item.when
      ? `<cg:start>${c.iso(c.at(item.when[0], item.when[1]))}</cg:start>
      <cg:end>${c.iso(c.at(item.when[0], item.when[2]))}</cg:end>
      <pubDate>${c.rfc822(c.at(-20, '09:00'))}</pubDate>`
      : '';
    const privacy =
      item.privacy === undefined ? '' : `<cg:privacyLevel>${item.privacy}</cg:privacyLevel>`;
    const image = item.image
      ? `<enclosure url="https://images.groups.campus.example.edu/${item.image}" type="image/jpeg" length="0"/>`
      : '';
    return `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="false">cg-event-${item.id}</guid>
      <description><![CDATA[<p>Hosted by ${item.group}. Everyone is welcome.</p>]]></description>
      <cg:eventId>${item.id}</cg:eventId>
      ${dates}
      <cg:location>${escapeXml(item.location)}</cg:location>
      <cg:locationType>${item.type}</cg:locationType>
      <cg:group>${escapeXml(item.group)}</cg:group>
      ${privacy}
      ${image}
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:cg="https://groups.campus.example.edu/ns/events">
  <channel>
    <title>Campus Groups: Upcoming Events</title>
    <link>${site}/events</link>
    <description>Events of the student groups</description>
${entries.join('\n')}
  </channel>
</rss>
`;
}
