import { z } from 'zod';
import type { RecordMessage } from '../record-items.js';
import { leaf, rows } from './wire.js';

/**
 * SCC_GET_NOTIFICATIONS_R (service SCC_NOTIFICATIONS): Oracle, Campus Solutions 9.2 PeopleBook "NFK
 * Web Services GET and SEND (SCE)",
 * https://docs.oracle.com/en/applications/peoplesoft/campus-solutions/9.2.038/campus-community-fundamentals/nfk-web-services-get-send-sce.html,
 * publishes the request (SCC_GET_NOTIF_REQ): the logged-in student's notifications, an item keyed by
 * SCC_NTFREQ_ID, SCC_NTFREQ_DTL_SEQ and SCC_NTFREQ_ITM_SEQ, of type SCC_NTFREQ_TYPE (`EML`, `SMS`,
 * `WKL` worklist, `ALT` alert), with a status and sub-status (an `ERROR` item or a `DELETED`,
 * `TIMEDOUT` one is never selected). The response's element names are not published: the item rows
 * (SCC_NTF_ITEM) carry the request's key names, and SCC_NTF_SUBJECT and SCC_NTF_MESSAGE hold its
 * words, for a campus to check against its own message (docs/sis-peoplesoft.md).
 */
export const notificationsSchema = z.object({
  SCC_GET_NOTIF_RESP: z
    .array(
      z.object({
        SCC_NTF_ITEM: rows(
          z.object({
            SCC_NTFREQ_ID: leaf,
            SCC_NTFREQ_DTL_SEQ: leaf,
            SCC_NTFREQ_ITM_SEQ: leaf,
            SCC_NTFREQ_TYPE: leaf,
            SCC_NTF_SUBJECT: leaf,
            SCC_NTF_MESSAGE: leaf,
          }),
        ),
      }),
    )
    .min(1),
});
export type NotificationsAnswer = z.infer<typeof notificationsSchema>;

/**
 * Alerts and worklist items become messages; an email or a text PeopleSoft sent itself does not
 * (the student has it already).
 */
const FOR_MESSAGES = new Set(['ALT', 'WKL']);

/** The notifications for Messages: each keyed by its request, detail and item, its subject the title. */
export function notificationsOf(answer: NotificationsAnswer): RecordMessage[] {
  const out: RecordMessage[] = [];
  for (const n of answer.SCC_GET_NOTIF_RESP.flatMap((r) => r.SCC_NTF_ITEM)) {
    if (n.SCC_NTFREQ_ID === null || !FOR_MESSAGES.has(n.SCC_NTFREQ_TYPE ?? '')) continue;
    const title = (n.SCC_NTF_SUBJECT ?? n.SCC_NTF_MESSAGE ?? '').trim().slice(0, 200);
    if (title === '') continue;
    const key = [n.SCC_NTFREQ_ID, n.SCC_NTFREQ_DTL_SEQ ?? '0', n.SCC_NTFREQ_ITM_SEQ ?? '0'];
    out.push({
      id: key.join('.').replace(/[^A-Za-z0-9._-]/g, '_'),
      title,
      body: (n.SCC_NTF_MESSAGE ?? '').trim().slice(0, 5000),
    });
  }
  return out;
}
