import { createElement } from 'react';
import { z } from 'zod';
import type { Language } from '../../contract/language.schema.js';
import { itemText } from '../../contract/translations.rules.js';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import { storedLanguage, translator } from '../i18n/catalogue.js';
import type { Repositories } from '../db/repositories.js';
import { itemNoticePayloadSchema, liveItemNotice } from '../inbound/notices.js';
import { EmailFrame, textOf } from './email-frame.js';
import { htmlOf } from './email-layout.js';
import { messageParagraphs, withEnglishParts } from './message-html.js';
import type { SenderOptions } from './reminder-sender.js';
import { TEXT_LIMIT } from './reminder-text.js';
import { textBody } from './text-body.js';
import { hearMessages, messageTopicOf } from './topics.js';
import { emailRefusal, textRefusal } from './channels/consent.js';
import type { Outcome } from './outcome.js';

/** A message's job: the message, and for web push the device (`kind: 'message'` for the push sender). */
export const messagePayloadSchema = z.object({
  messageId: z.number().int(),
  subscriptionId: z.number().int().optional(),
});

/**
 * `message:<id>:<user>:<channel>`, and `message:<id>:<user>:push:<device>` for web push: one job per
 * recipient per message per channel, per device for push.
 */
export const messageKey = (messageId: number, userId: number, channelPart: string) =>
  `message:${messageId}:${userId}:${channelPart}`;

/** A portal message as its "also notify" copies tell it. */
export interface LiveMessage {
  id: number;
  title: string;
  body: string;
  /** The language the title and body are written in: a publisher's Spanish version, or English. */
  lang: Language;
  /** The parts of a Spanish title and body that stay English (issue 87), marked in the email. */
  english?: string[];
  actionLink: string | null;
}

/**
 * The message a job announces, looked at again when the job is due, or why the job is dropped: the
 * message retracted or expired since, or the recipient stopped the `messages` topic.
 */
export async function liveMessage(
  repos: Repositories,
  job: NotifyJob,
  now: Date,
): Promise<LiveMessage | Outcome> {
  const payload: unknown = JSON.parse(job.payload);
  // A publisher's task or alert (issue 60): the item, looked at again.
  const notice = itemNoticePayloadSchema.safeParse(payload);
  if (notice.success) {
    const live = await liveItemNotice(repos, notice.data.itemId, job.user_id, now);
    if ('state' in live) return live;
    return (await hearMessages(repos, [job.user_id])).has(job.user_id)
      ? live
      : { state: 'dropped', reason: 'topic not chosen' };
  }
  const parsed = messagePayloadSchema.safeParse(payload);
  if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
  const message = await repos.messages.summary(parsed.data.messageId);
  if (!message) return { state: 'dropped', reason: 'message retracted' };
  if (message.expiresOn && new Date(message.expiresOn) <= now) {
    return { state: 'dropped', reason: 'message expired' };
  }
  if (!(await hearMessages(repos, [job.user_id], messageTopicOf(job.topic))).has(job.user_id)) {
    return { state: 'dropped', reason: 'topic not chosen' };
  }
  // A publisher's message: in the reader's language, and not before its publish_at.
  const item =
    message.inboundItemId === null
      ? undefined
      : await liveItemNotice(repos, message.inboundItemId, job.user_id, now);
  if (item && 'state' in item) return item;
  // The staff's own message: its version in the language the person chose where the staff wrote
  // one (issue 59), else the English it was written in.
  const text = item ?? itemText(message, await repos.preferences.sendingLanguageOf(job.user_id));
  return {
    id: message.id,
    title: text.title,
    body: text.body,
    lang: text.lang,
    ...('english' in text && text.english ? { english: text.english } : {}),
    actionLink: message.actionLink ?? null,
  };
}

/**
 * The portal page a message's push or text opens: the message's own action link when it is a page of
 * the portal, else the Messages page, where every message is listed.
 */
export function messagePath(message: Pick<LiveMessage, 'actionLink'>): string {
  const link = message.actionLink?.trim();
  return link && link.startsWith('/') && !link.startsWith('//') ? link : '/messages';
}

/**
 * A message as one text: the product, the message's title (shortened with "..." if needed) and the
 * address to read it at, in one 160-character GSM segment where the words allow.
 */
export function messageText(
  productName: string,
  title: string,
  url: string,
  language: Language = 'en',
): string {
  const i18n = translator(language);
  const frame = (t: string) =>
    textBody(
      i18n._({
        id: 'notify.text.message',
        message: '{product}: {title}. Read it: {url}',
        values: { product: productName, title: t, url },
      }),
    );
  const whole = frame(title);
  if (whole.length <= TEXT_LIMIT) return whole;
  const room = TEXT_LIMIT - frame('').length - 3;
  if (room < 12) return whole;
  return frame(`${title.slice(0, room).trimEnd()}...`);
}

/**
 * Sends a portal message's "also notify" text after looking again (liveMessage), only with
 * `contact_by_text` and a number (portal.md §3), by Twilio or to the outbox (texter.ts).
 */
export function messageTextSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const message = await liveMessage(o.repos, job, now);
    if ('state' in message) return message;
    const [prefs] = await o.repos.preferences.textContacts([job.user_id]);
    const refused = textRefusal({ byText: prefs?.allowed, smsNumber: prefs?.number });
    const number = prefs?.number?.trim();
    if (refused || !number) return { state: 'dropped', reason: refused ?? 'no text number' };
    const language = storedLanguage(await o.repos.preferences.sendingLanguageOf(job.user_id));
    const body = messageText(
      o.productNames[language],
      message.title,
      `${o.publicOrigin}${messagePath(message)}`,
      language,
    );
    const topic = messageTopicOf(job.topic);
    return o.texter.send({ jobId: job.id, to: number, body, topic }, now);
  };
}

/**
 * Sends a portal message's "also notify" email after looking again (liveMessage; email consent
 * withdrawn also drops the job). The email says the message and links to it in the portal (and to its
 * action link), with the one-click unsubscribe of the `messages` topic (RFC 8058).
 */
export function messageEmailSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const now = o.clock();
    const message = await liveMessage(o.repos, job, now);
    if ('state' in message) return message;
    const [user] = await o.repos.users.emailContacts([job.user_id]);
    const refused = emailRefusal({ byEmail: user?.allowed, email: user?.email ?? null });
    if (refused || !user?.email) return { state: 'dropped', reason: refused ?? 'no email address' };
    const messagesUrl = `${o.publicOrigin}/messages`;
    const topic = messageTopicOf(job.topic);
    const unsubscribe = o.tokens.link(o.publicOrigin, job.user_id, topic);
    const action = message.actionLink
      ? new URL(message.actionLink, `${o.publicOrigin}/`).toString()
      : null;
    const subject = message.title;
    const language = storedLanguage(user.language);
    const i18n = translator(language);
    const product = o.productNames[language];
    const footer = {
      why:
        topic === 'records'
          ? i18n._({
              id: 'notify.record.why',
              message:
                'You receive this because {product} found a change to your student record and you allow email.',
              values: { product },
            })
          : i18n._({
              id: 'notify.message.why',
              message:
                'You receive this because the university sent you a message in {product} and you allow email.',
              values: { product },
            }),
      stop:
        topic === 'records'
          ? i18n._({
              id: 'notify.record.stop',
              message:
                'Stop changes to your record by email, text and push (they stay on your Messages page)',
            })
          : i18n._({
              id: 'notify.message.stop',
              message:
                'Stop messages from the university by email, text and push (they stay on your Messages page)',
            }),
      unsubscribeUrl: unsubscribe.url,
      preferencesUrl: `${o.publicOrigin}/account`,
      language,
    };
    const takeAction = i18n._({ id: 'notify.message.take-action', message: 'Take action' });
    const readIt = i18n._({
      id: 'notify.message.read-it',
      message: 'Read it in {product}',
      values: { product: o.productNames[language] },
    });
    const text = textOf(
      user.firstName,
      [
        message.body,
        '',
        ...(action ? [`${takeAction}: ${action}`] : []),
        `${readIt}: ${messagesUrl}`,
      ],
      footer,
    );
    const h = createElement;
    // Staff content without a version in the reader's language keeps its own (WCAG 3.1.2).
    const contentLang = message.lang === language ? undefined : message.lang;
    const paragraphs = messageParagraphs(message.body, message.english);
    const html = htmlOf(
      h(EmailFrame, {
        ...footer,
        subject,
        heading: withEnglishParts(message.title, message.english),
        ...(contentLang ? { headingLang: contentLang } : {}),
        firstName: user.firstName,
        children: [
          contentLang ? h('div', { key: 'body', lang: contentLang }, ...paragraphs) : paragraphs,
          action ? h('p', { key: 'action' }, h('a', { href: action }, takeAction)) : null,
          h('p', { key: 'read' }, h('a', { href: messagesUrl }, readIt)),
        ],
      }),
    );
    // The mailer's outcome: sent, or dropped when the address or the server refuses for good.
    return o.mailer.send(
      {
        jobId: job.id,
        to: user.email,
        topic,
        subject,
        text,
        html,
        // Issue 59: the language the email is written in, for the reader's mail client.
        headers: { ...unsubscribe.headers, 'Content-Language': language },
      },
      now,
    );
  };
}
