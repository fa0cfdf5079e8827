// The SMTP sink, the push sink and the tarpit of bench:notify in a process of their own, as they
// would be on other machines: their TLS and SMTP parsing must not share the portal's event loop.
// Started by `remoteSinks` (notify-sinks-remote.ts) with an IPC channel; answers `summary` with
// what has arrived, `reset` by forgetting it, and `close` by closing everything and leaving.
import { pushSink, smtpSink, tarpit } from './notify-sinks.js';
import type { Arrivals } from './notify-sinks.js';

const send = (message: unknown) => process.send?.(message);
const [smtp, push, pit] = await Promise.all([smtpSink(), pushSink(), tarpit()]);
const tally = (a: Arrivals) => ({ size: a.counts.size, last: a.last, duplicates: a.duplicates });

process.on('message', (message) => {
  if (message === 'summary') {
    send({
      type: 'summary',
      emails: tally(smtp.emails),
      alerts: tally(push.alerts),
      messages: tally(push.messages),
    });
  } else if (message === 'reset') {
    for (const arrivals of [smtp.emails, push.alerts, push.messages]) arrivals.clear();
    send({ type: 'reset' });
  } else if (message === 'close') {
    for (const sink of [smtp, push, pit]) sink.close();
    process.disconnect();
    setTimeout(() => process.exit(0), 200).unref();
  }
});
send({
  type: 'ready',
  smtpPort: smtp.port,
  pushPort: push.port,
  tarpitPort: pit.port,
  cert: push.cert,
});
