import { formatCampus } from '../../admin/campus-time.js';
import { DataTable } from '../../admin/fields.js';
import type { OutboxEntry } from '../../db/repositories/notify-outbox.repository.js';
import { TOPICS } from '../../notify/topics.js';
import { isTopic } from '../../notify/topics.js';

const topicLabel = (topic: string) => (isTopic(topic) ? TOPICS[topic].label : topic);

/** The outbox: every email the portal would have sent, newest first. */
export function OutboxList(props: { entries: OutboxEntry[]; total: number; timeZone: string }) {
  const { entries, total, timeZone } = props;
  return (
    <>
      <p>
        No SMTP server is configured (<code>SMTP_URL</code>), so the email the portal sends is kept
        here instead of being delivered. Set <code>SMTP_URL</code> and <code>MAIL_FROM</code> to
        send it.
      </p>
      {entries.length === 0 ? (
        <p>The outbox is empty.</p>
      ) : (
        <DataTable
          label="Outbox"
          caption={`Newest first (${entries.length} of ${total})`}
          headers={['Recipient', 'Subject', 'Topic', 'Created', 'State']}
          rows={entries.map((e) => ({
            key: e.id,
            cells: [
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

/** One email as it would have been delivered: its headers, its plain text, a link to its HTML. */
export function OutboxMessage(props: { entry: OutboxEntry; timeZone: string }) {
  const { entry, timeZone } = props;
  const headers: Array<[string, string]> = [
    ['To', entry.recipient],
    ['Subject', entry.subject],
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
      <h2>Plain text</h2>
      <pre className="email-text">{entry.text}</pre>
      <h2>HTML</h2>
      <p>
        <a href={`/admin/outbox/${entry.id}/html`}>Open the HTML version</a> (shown as the email
        client would, without scripts or outside content)
      </p>
    </>
  );
}
