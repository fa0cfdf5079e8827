import type { SampleClock } from './sample-clock.js';

const site = 'https://groups.campus.example.edu/news';

/**
 * The embedded default of the campus-group news feed (RSS), dated relative to now, newest first.
 * It holds HTML in a title, a `javascript:` link, an undated story, an item with neither title nor
 * link (dropped), and more than 12 stories.
 */
export function campusGroupsNewsSample(c: SampleClock): string {
  const stories = [
    ['Robotics Club Wins Regional Championship', 1, 'robotics-regionals', 'robots.jpg'],
    ['New Late-Night Study Space Opens in the Library', 2, 'late-night-study', null],
    ['<strong>Record</strong> Turnout at the Fall Volunteer Fair', 3, 'volunteer-fair', 'fair.jpg'],
    ['Student Senate Announces Spring Budget Hearings', 4, 'budget-hearings', null],
    ['Tabletop Club Hosts 24-Hour Game Marathon', 5, 'game-marathon', 'board-games.jpg'],
    ['Writers Collective Publishes Its First Anthology', 6, 'anthology', null],
    ['Community Garden Harvest Feeds 200 Students', 8, 'harvest', 'garden.jpg'],
    ['International Week Returns With 40 Events', 9, 'international-week', null],
    ['Hackathon Teams Build Tools for Local Nonprofits', 10, 'hackathon-results', 'hackathon.jpg'],
    ['Ceramics Guild Sale Raises Funds for Scholarships', 12, 'ceramics-sale', 'pottery.jpg'],
    ['Hiking Club Maps New Trail in Forest Park', 14, 'new-trail', null],
    ['Film Society Announces Winter Screenings', 16, 'winter-screenings', null],
    ['Dance Clubs Team Up for Showcase', 18, 'dance-showcase', 'salsa.jpg'],
  ] as const;
  const items = stories.map(
    ([title, daysAgo, slug, image]) => `    <item>
      <title><![CDATA[${title}]]></title>
      <link>${site}/${slug}</link>
      <guid>${site}/${slug}</guid>
      <pubDate>${c.rfc822(c.at(-daysAgo, '09:30'))}</pubDate>
      <description><![CDATA[<p>${title.replace(/<[^>]+>/g, '')}.</p>]]></description>
      ${image ? `<enclosure url="https://images.groups.campus.example.edu/${image}" type="image/jpeg" length="0"/>` : ''}
    </item>`,
  );
  const odd = `    <item>
      <title>Safety Tips for Night Events</title>
      <link>javascript:alert('news')</link>
      <pubDate>${c.rfc822(c.at(-7, '12:00'))}</pubDate>
    </item>
    <item>
      <title>Club Fair Photo Gallery</title>
      <link>${site}/club-fair-photos</link>
    </item>
    <item>
      <description>An item with neither a title nor a link.</description>
    </item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Campus Groups News</title>
    <link>${site}</link>
    <description>News from the student groups</description>
${items.slice(0, 3).join('\n')}
${odd}
${items.slice(3).join('\n')}
  </channel>
</rss>
`;
}
