import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { NotifyJob } from '../db/repositories/notify-jobs.repository.js';
import { messagePayloadSchema } from './message-planner.js';
import type { SenderOptions } from './reminder-sender.js';
import type { Outcome } from './worker.js';

const STYLE = { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: '1.5' };

/**
 * Sends a portal message's "also notify" email after looking again: a message retracted or expired
 * since, or email consent withdrawn, drops the job. The email says the message and links to it in
 * the portal (and to its action link); the person's contact preferences say how to stop these.
 */
export function messageEmailSender(o: SenderOptions) {
  return async (job: NotifyJob): Promise<Outcome> => {
    const parsed = messagePayloadSchema.safeParse(JSON.parse(job.payload));
    if (!parsed.success) return { state: 'dropped', reason: 'unreadable payload' };
    const now = o.clock();
    const message = await o.db
      .selectFrom('messages')
      .select(['title', 'body', 'action_link as actionLink', 'expires_on as expiresOn'])
      .where('id', '=', parsed.data.messageId)
      .executeTakeFirst();
    if (!message) return { state: 'dropped', reason: 'message retracted' };
    if (message.expiresOn && new Date(message.expiresOn) <= now) {
      return { state: 'dropped', reason: 'message expired' };
    }
    const user = await o.db
      .selectFrom('users as u')
      .leftJoin('preferences as p', 'p.user_id', 'u.id')
      .select(['u.email', 'u.first_name as firstName', 'p.contact_by_email as allowed'])
      .where('u.id', '=', job.user_id)
      .executeTakeFirst();
    if (user?.allowed === 0) return { state: 'dropped', reason: 'email not allowed' };
    if (!user?.email) return { state: 'dropped', reason: 'no email address' };
    const messagesUrl = `${o.publicOrigin}/messages`;
    const accountUrl = `${o.publicOrigin}/account`;
    const action = message.actionLink
      ? new URL(message.actionLink, `${o.publicOrigin}/`).toString()
      : null;
    const subject = message.title;
    const text = [
      `Hello ${user.firstName},`,
      '',
      message.body,
      '',
      ...(action ? [`Take action: ${action}`] : []),
      `Read it in ${o.productName}: ${messagesUrl}`,
      '',
      '--',
      `You receive this because the university sent you a message in ${o.productName} and you allow email.`,
      `Choose how the portal contacts you: ${accountUrl}`,
      '',
    ].join('\n');
    const h = createElement;
    const body = h(
      'html',
      { lang: 'en' },
      h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, subject)),
      h(
        'body',
        { style: { margin: 0, padding: '24px', backgroundColor: '#ffffff', color: '#1a1a1a' } },
        h(
          'main',
          { style: STYLE },
          h('h1', { style: { fontSize: '22px' } }, message.title),
          h('p', null, `Hello ${user.firstName},`),
          ...message.body.split(/\n{2,}/).map((para, i) => h('p', { key: i }, para)),
          action ? h('p', null, h('a', { href: action }, 'Take action')) : null,
          h('p', null, h('a', { href: messagesUrl }, `Read it in ${o.productName}`)),
          h('hr'),
          h(
            'p',
            { style: { fontSize: '14px' } },
            `You receive this because the university sent you a message in ${o.productName} and you allow email. `,
            h('a', { href: accountUrl }, 'Choose how the portal contacts you'),
          ),
        ),
      ),
    );
    const html = `<!doctype html>\n${renderToStaticMarkup(body)}`;
    await o.mailer.send(
      { jobId: job.id, to: user.email, topic: 'messages', subject, text, html, headers: {} },
      now,
    );
    return { state: 'sent' };
  };
}
