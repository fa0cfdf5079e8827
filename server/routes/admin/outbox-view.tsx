import { formatCampus } from '../../admin/campus-time.js';
import { DataTable } from '../../admin/fields.js';
import type { OutboxEntry } from '../../db/repositories/notify-outbox.repository.js';
import { TOPICS } from '../../notify/topics.js';
import { isTopic } from '../../notify/topics.js';

const topicLabel = (topic: string) => (isTopic(topic) ? TOPICS[topic].label : topic);

const channelLabel = (channel: OutboxEntry['channel']) => (channel === 'sms' ? 'Text' : 'Email');

/** The outbox: every email and text message the portal would have sent, newest first. */
export function OutboxList(props: { entries: OutboxEntry[]; total: number; timeZone: string }) {
  const { entries, total, timeZone } = props;
  return (
    <>
      <p>
        No SMTP server is configured (<code>SMTP_URL</code>), so the email the portal sends is kept
        here instead of being delivered. Set <code>SMTP_URL</code> and <code>MAIL_FROM</code> to
        send it. Text messages are kept here too, marked as texts, until Twilio is configured (
        <code>TWILIO_ACCOUNT_SID</code>, <code>TWILIO_AUTH_TOKEN</code>, <code>TWILIO_FROM</code>).
      </p>
      {entries.length === 0 ? (
        <p>The outbox is empty.</p>
      ) : (
        <DataTable
          label="Outbox"
          caption={`Newest first (${entries.length} of ${total})`}
          headers={['Channel', 'Recipient', 'Subject', 'Topic', 'Created', 'State']}
          rows={entries.map((e) => ({
            key: e.id,
            cells: [
              channelLabel(e.channel),
              e.recipient,
              <a key="open" href={`/admin/outbox/${e.id}`}>
                {e.subject}
              </a>,
              topicLabel(e.topic),
              formatCampus(e.createdAt, timeZone),
              e.state,
            ],
          }))}
        />
      )}
    </>
  );
}

/**
 * One email as it would have been delivered: its headers, its plain text, a link to its HTML; or one
 * text message: its number and its body.
 */
export function OutboxMessage(props: { entry: OutboxEntry; timeZone: string }) {
  const { entry, timeZone } = props;
  const text = entry.channel === 'sms';
  const headers: Array<[string, string]> = [
    ['Channel', channelLabel(entry.channel)],
    ['To', entry.recipient],
    ...(text ? [] : ([['Subject', entry.subject]] as Array<[string, string]>)),
    ['Topic', topicLabel(entry.topic)],
    ['Created', formatCampus(entry.createdAt, timeZone)],
    ['State', entry.state],
    ...Object.entries(entry.headers),
  ];
  return (
    <>
      <p>
        <a href="/admin/outbox">Back to the outbox</a>
      </p>
      <h2>Headers</h2>
      <dl className="headers">
        {headers.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{text ? 'Text message' : 'Plain text'}</h2>
      <pre className="email-text">{entry.text}</pre>
      {!text && (
        <>
          <h2>HTML</h2>
          <p>
            <a href={`/admin/outbox/${entry.id}/html`}>Open the HTML version</a> (shown as the email
            client would, without scripts or outside content)
          </p>
        </>
      )}
    </>
  );
}
