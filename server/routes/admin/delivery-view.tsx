import { formatCampus } from '../../admin/campus-time.js';
import { DataTable } from '../../admin/fields.js';
import { durationText } from '../../notify/delivery-speed.js';
import { droppedWords } from '../../notify/refused-address.js';
import type { ChannelSpeed, DeliverySpeed } from '../../notify/delivery-speed.js';

const HEADERS = [
  'Sent',
  'What',
  'Channel',
  'Jobs',
  'Handed over',
  '50 % by',
  '95 % by',
  '100 % by',
  'Failed, address refused or not needed',
];

function failureList(c: ChannelSpeed) {
  if (c.failures.length === 0) return 'None';
  return (
    <ul key="failures" className="plain">
      {c.failures.map((f) => (
        <li key={`${f.state}\n${f.reason}`}>
          {f.count} {f.state === 'failed' ? 'failed' : droppedWords(f.reason)}: {f.reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * How fast each message and emergency alert of the window was handed over to the mail server, the
 * text provider or the push services, per channel, with what failed or was dropped and why: a table
 * with a caption and column headers (one row per channel), or a sentence when there is none.
 */
export function DeliverySection(props: {
  delivery: readonly DeliverySpeed[];
  weeks: number;
  timeZone: string;
}) {
  const { delivery, weeks, timeZone } = props;
  return (
    <>
      <h2 id="delivery">Delivery speed</h2>
      <p>
        For each message and emergency alert of the last {weeks} weeks, per channel: the time from
        when it was written (an alert: when the portal first saw it) until half, 95 % and all of its
        notifications that can reach their recipient were handed over (those that failed, whose
        address was refused or that were no longer needed are left out, and listed last); “—” while
        that share is not reached.
      </p>
      {delivery.length === 0 ? (
        <p>No message or alert notification was sent in this window.</p>
      ) : (
        <DataTable
          label="Delivery speed"
          caption={`Delivery speed per message and alert, newest first (${delivery.length})`}
          headers={HEADERS}
          rows={delivery.flatMap((item) =>
            item.channels.map((c) => ({
              key: `${item.kind}:${item.id}:${c.channel}`,
              cells: [
                formatCampus(item.startedAt, timeZone),
                `${item.kind === 'alert' ? 'Alert' : 'Message'}: ${item.title}`,
                c.channel,
                String(c.jobs),
                String(c.sent),
                durationText(c.p50Seconds),
                durationText(c.p95Seconds),
                durationText(c.p100Seconds),
                failureList(c),
              ],
            })),
          )}
        />
      )}
    </>
  );
}
