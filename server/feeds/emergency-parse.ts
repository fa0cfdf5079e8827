import { createHash } from 'node:crypto';
import type { AlertSeverity } from '../../contract/alerts.schema.js';
import { alertSeverity, withoutAlertPrefix } from './emergency-rules.js';
import { feedInstant } from './campus-groups.js';
import { plainTextWithLinks } from '../plain-text.js';
import type { SyndicationItem } from './syndication.js';
import { childOf, childrenOf, textOf } from './xml-tree.js';
import type { XmlElement } from './xml-tree.js';

/** One alert of the feed, as cached: plain text (links written out), dated, with its severity. */
export interface ParsedAlert {
  id: string;
  title: string;
  description: string;
  pubDate: string;
  severity: AlertSeverity;
  /** When the alert ends (CAP `expires`, Atom `age:expires`, RSS `expirationDate`): past it, history. */
  expires?: string;
  /** The CAP `identifier` (else the item's guid) a later Cancel's `references` names. */
  capId?: string;
  /** A CAP Cancel (or Update): the identifiers of the alerts it retires. */
  retires?: string[];
}

/** Common Alerting Protocol fields some notification systems put on each item. */
const CAP = ['urn:oasis:names:tc:emergency:cap:1.2', 'urn:oasis:names:tc:emergency:cap:1.1'];

/** Atom's "age" extension (draft-snell-atompub-feed-expires) and its `expires` element. */
const AGE = ['http://purl.org/atompub/age/1.0'];

/** Identifiers are short; a feed's run-on text never becomes a key. */
const ID_LIMIT = 200;
/** CAP allows many references; more than a page of alerts is never needed. */
const REFERENCES_LIMIT = 50;

/**
 * CAP `references`: whitespace-separated `sender,identifier,sent` triples (the identifier may hold
 * no comma, the sent time none either; the sender is taken off the front and the time off the end).
 */
export function referencedIds(references: string): string[] {
  return references
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, REFERENCES_LIMIT)
    .flatMap((triple) => {
      const parts = triple.split(',');
      if (parts.length < 3) return [];
      const id = parts.slice(1, -1).join(',').slice(0, ID_LIMIT);
      return id ? [id] : [];
    });
}

/** An ISO instant of a written time, or nothing (an unreadable `expires` never ends an alert). */
function instantOf(text: string): string | undefined {
  if (!text) return undefined;
  return feedInstant(text, 'UTC')?.toISOString();
}

/** The ending fields an alert carries when its feed gives them (absent ones are left out). */
function endings(fields: { expires: string; capId: string; msgType: string; references: string }) {
  const expires = instantOf(fields.expires);
  const retires = /^(?:cancel|update)$/i.test(fields.msgType)
    ? referencedIds(fields.references)
    : [];
  return {
    ...(expires ? { expires } : {}),
    ...(fields.capId ? { capId: fields.capId.slice(0, ID_LIMIT) } : {}),
    ...(retires.length > 0 ? { retires } : {}),
  };
}

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
    const description = plainTextWithLinks(item.summaryHtml || item.summary);
    const ending = endings({
      expires:
        cap('expires') ||
        textOf(childOf(item.element, AGE, 'expires')).trim() ||
        textOf(childOf(item.element, [''], 'expirationDate')).trim(),
      capId: cap('identifier') || item.id,
      msgType: cap('msgType'),
      references: cap('references'),
    });
    return [
      {
        id: alertId(item),
        title,
        description,
        pubDate: at.toISOString(),
        severity: alertSeverity({
          title,
          capSeverity: cap('severity'),
          capMsgType: cap('msgType'),
          capResponse: cap('responseType'),
          category: textOf(childOf(item.element, [''], 'category')).trim(),
          description,
        }),
        ...ending,
      },
    ];
  });
}

/**
 * A raw CAP 1.2 (or 1.1) alert document, as IPAWS and campus mass-notification systems publish it:
 * `<alert>` with its `sent`, `status`, `msgType` and one `<info>` per language (the first English
 * one is read, else the first). Null when the document is not a CAP alert. `msgType` Cancel and
 * `responseType` AllClear make an all-clear; `status` Test or Exercise a test; the rest follows the
 * feed rules (CAP `severity`, words of the headline and category).
 */
export function capAlert(root: XmlElement): ParsedAlert[] | null {
  if (root.local !== 'alert' || !CAP.includes(root.uri)) return null;
  const field = (el: XmlElement | null, name: string) =>
    el ? textOf(childOf(el, CAP, name)).trim() : '';
  const infos = childrenOf(root, CAP, 'info');
  const info =
    infos.find((i) => /^en(?:-|$)/i.test(field(i, 'language') || 'en-US')) ?? infos[0] ?? null;
  const at = feedInstant(field(root, 'sent'), 'UTC');
  if (!at) return [];
  const title = withoutAlertPrefix(
    plainTextWithLinks(field(info, 'headline') || field(info, 'event')),
  );
  if (!title) return [];
  const description = [field(info, 'description'), field(info, 'instruction')]
    .filter(Boolean)
    .map((text) => plainTextWithLinks(text))
    .join('\n\n');
  const status = field(root, 'status');
  const severity: AlertSeverity = /^(?:test|exercise)$/i.test(status)
    ? 'test'
    : alertSeverity({
        title,
        capSeverity: field(info, 'severity'),
        capMsgType: field(root, 'msgType'),
        // CAP allows several responseType values; AllClear among them clears.
        capResponse: info
          ? (childrenOf(info, CAP, 'responseType')
              .map((r) => textOf(r).trim())
              .find((r) => /^allclear$/i.test(r)) ?? '')
          : '',
        category: field(info, 'category'),
      });
  const id = createHash('sha256')
    .update(`${field(root, 'sender')}|${field(root, 'identifier')}`)
    .digest('hex')
    .slice(0, 16);
  const ending = endings({
    expires: field(info, 'expires'),
    capId: field(root, 'identifier'),
    msgType: field(root, 'msgType'),
    references: field(root, 'references'),
  });
  return [{ id, title, description, pubDate: at.toISOString(), severity, ...ending }];
}
