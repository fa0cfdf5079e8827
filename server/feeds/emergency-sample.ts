const HOUR_MS = 3_600_000;

/**
 * The bundled sample of an emergency-alert RSS feed, the embedded default when no feed is configured.
 * Dated from `now` so it always holds one current alert, plus one 5 days old and one without a date,
 * both of which the 3-day rule drops. Its description carries markup, which the portal shows as text.
 */
export function sampleEmergencyFeed(now: Date): string {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Campus Alerts</title>
    <link>https://alerts.campus.example.edu/</link>
    <description>Emergency alerts of Campus University</description>
    <item>
      <title>Campus alert test</title>
      <description><![CDATA[<p>This is a test of the campus emergency alert system. No action is needed.</p>]]></description>
      <guid isPermaLink="false">campus-alert-test-weekly</guid>
      <pubDate>${at(1)}</pubDate>
    </item>
    <item>
      <title>Power outage in the science building</title>
      <description>Power has been restored.</description>
      <guid isPermaLink="false">campus-alert-power-outage</guid>
      <pubDate>${at(5 * 24)}</pubDate>
    </item>
    <item>
      <title>Undated notice</title>
      <description>This notice has no date.</description>
      <guid isPermaLink="false">campus-alert-undated</guid>
    </item>
  </channel>
</rss>`;
}
