import type {
  InboundAppointment,
  InboundAppointmentAnswer,
} from '../../contract/inbound-appointment.schema.js';
import { refuseInternalLink } from './action-link.js';
import { reach } from './audience.js';
import { completeByAppointment } from './campaigns.js';
import type { PublishContext } from './publish.js';
import { requireScopes } from './publish.js';
import type { Publisher } from './publisher.js';

/**
 * Stores (or, for the same `external_id`, updates) an appointment a booking system posted (issue
 * 92). Its person is named as a message names one (`audience.users`): the publisher must reach them
 * by its roles or groups (403 otherwise), and a username nobody has is a warning, not a failure, with
 * nothing stored. Writing it again is an update in place, so a retry after a call that died
 * (inbound/idempotency.ts) adds nothing twice. An appointment not cancelled completes the person's
 * open advising campaigns of its office (campaigns.ts).
 */
export async function publishAppointment(
  ctx: PublishContext,
  publisher: Publisher,
  appointment: InboundAppointment,
): Promise<InboundAppointmentAnswer> {
  requireScopes(publisher, ['appointments:write']);
  refuseInternalLink(appointment.online_link, 'online_link');
  const { repos, now } = ctx;
  const { userIds, warnings } = await reach(repos, publisher, {
    users: appointment.audience.users,
    roles: [],
    groups: [],
  });
  const answer = {
    external_id: appointment.external_id,
    kind: 'appointment' as const,
    cancelled: appointment.cancelled,
    warnings,
  };
  const [userId] = userIds;
  if (userId === undefined) return { ...answer, id: null, recipients: 0, replaced: false };
  const before = await repos.appointments.find(publisher.id, appointment.external_id);
  // A resumed call finding its own first attempt's write replaced something only if that write
  // was itself an update (as publish.ts answers `replaced`).
  const ours = ctx.resumed === true && before?.idempotencyKey === ctx.idempotencyKey;
  const replaced = ours && before !== undefined ? before.createdAt !== before.updatedAt : !!before;
  const id = await repos.appointments.save(
    publisher.id,
    appointment.external_id,
    {
      userId,
      withName: appointment.with.name,
      withOffice: appointment.with.office ?? null,
      startsAt: new Date(appointment.starts_at),
      endsAt: new Date(appointment.ends_at),
      place: appointment.place ?? null,
      onlineLink: appointment.online_link ?? null,
      cancelled: appointment.cancelled,
      idempotencyKey: ctx.idempotencyKey,
    },
    now,
  );
  // An advising campaign of its office the person has open is done (campaigns.ts); a cancelled
  // appointment completes nothing, and its cancellation opens nothing again.
  if (!appointment.cancelled)
    await completeByAppointment(repos, userId, appointment.with.office, {
      at: now,
      from: publisher.label,
    });
  return { ...answer, id, recipients: 1, replaced };
}
