import { createHash } from 'node:crypto';
import type { AlertSeverity } from '../../contract/alerts.schema.js';
import { alertSeverity, withoutAlertPrefix } from './emergency-rules.js';
import { feedInstant } from './campus-groups.js';
import { plainTextWithLinks } from './plain-text.js';
import type { SyndicationItem } from './syndication.js';
import { childOf, textOf } from './xml-tree.js';

/** One alert of the feed, as cached: plain text (links written out), dated, with its severity. */
export interface ParsedAlert {
  id: string;
  title: string;
  description: string;
  pubDate: string;
  severity: AlertSeverity;
}

/** Common Alerting Protocol fields some notification systems put on each item. */
const CAP = ['urn:oasis:names:tc:emergency:cap:1.2', 'urn:oasis:names:tc:emergency:cap:1.1'];

/** A stable id per alert: its guid, else its link, else its title, with its date. */
const alertId = (item: SyndicationItem) =>
  createHash('sha256')
    .update(item.id || `${item.link ?? item.title}|${item.published}`)
    .digest('hex')
    .slice(0, 16);

/** An emergency-alert RSS or Atom feed as dated alerts (undated ones are dropped here already). */
export function parseEmergencyFeed(items: SyndicationItem[]): ParsedAlert[] {
  return items.flatMap((item) => {
    // A feed's own clock zone does not matter here: an alert's time always carries its offset.
    const at = feedInstant(item.published, 'UTC');
    if (!at) return [];
    const cap = (name: string) => textOf(childOf(item.element, CAP, name)).trim();
    const title = withoutAlertPrefix(item.title);
    return [
      {
        id: alertId(item),
        title,
        description: plainTextWithLinks(item.summaryHtml || item.summary),
        pubDate: at.toISOString(),
        severity: alertSeverity({
          title,
          capSeverity: cap('severity'),
          capMsgType: cap('msgType'),
          capResponse: cap('responseType'),
          category: textOf(childOf(item.element, [''], 'category')).trim(),
        }),
      },
    ];
  });
}
