import { z } from 'zod';
import type { RecordTask } from '../record-items.js';
import { campusDateOf } from './dates.js';
import { leaf, rows } from './wire.js';

/**
 * The REST Get Checklist operation (service SCC_CONSTITUENT_R, `SCC_GET_CHECKLIST_R.v1/checklist/get`,
 * following the pattern of the service's other REST operations) answers SCC_GET_CHKLST_RESP: Oracle,
 * Campus Solutions 9.2 PeopleBook "Describing the SOAP Output Message: SCC_GET_CHKLST_RESP",
 * https://docs.oracle.com/en/applications/peoplesoft/campus-solutions/9.2.038/campus-community-fundamentals/describing-soap-output-message-scc-get-chklst-resp.html:
 * PERSON_CHKLST_ITEM rows with SEQ_3C and CHECKLIST_SEQ (the item's keys), CHKLST_ITEM_CD,
 * ITEM_STATUS (`I` Initiated in the example) and its ITEM_STATUS_LOVDescr, CHECKLIST_CD_DESCR (the
 * item's title), INFORMATION (what to do) and DUE_DT (`2013-09-15`).
 */
export const checklistSchema = z.object({
  SCC_GET_CHKLST_RESP: z
    .array(
      z.object({
        PERSON_CHKLST_ITEM: rows(
          z.object({
            SEQ_3C: leaf,
            CHECKLIST_SEQ: leaf,
            CHKLST_ITEM_CD: leaf,
            ITEM_STATUS: leaf,
            CHECKLIST_CD_DESCR: leaf,
            DESCR: leaf,
            INFORMATION: leaf,
            DUE_DT: leaf,
          }),
        ),
      }),
    )
    .min(1),
});
export type ChecklistAnswer = z.infer<typeof checklistSchema>;

/**
 * The delivered checklist item statuses that close an item: `C` Completed and `W` Waived (the others,
 * `I` Initiated, `N` Notified, `O` Ordered, `R` Received, `T` Incomplete, leave it to do).
 */
const DONE = new Set(['C', 'W']);

/** Text the inbound publishing takes: trimmed and bounded. */
const bounded = (text: string, max: number) => text.trim().slice(0, max);

/**
 * The checklist's items as tasks: each keyed by its checklist (SEQ_3C), item (CHECKLIST_SEQ) and code,
 * titled by its description, its INFORMATION the body, due on DUE_DT.
 */
export function checklistOf(answer: ChecklistAnswer, zone: string): RecordTask[] {
  const out: RecordTask[] = [];
  for (const item of answer.SCC_GET_CHKLST_RESP.flatMap((r) => r.PERSON_CHKLST_ITEM)) {
    const title = item.CHECKLIST_CD_DESCR ?? item.DESCR ?? item.CHKLST_ITEM_CD;
    if (item.SEQ_3C === null || title === null) continue;
    const key = [item.SEQ_3C, item.CHECKLIST_SEQ ?? '0', item.CHKLST_ITEM_CD ?? ''];
    out.push({
      id: key.join('.').replace(/[^A-Za-z0-9._-]/g, '_'),
      title: bounded(title, 200),
      body: bounded(item.INFORMATION ?? '', 5000),
      dueOn: campusDateOf(item.DUE_DT, zone),
      done: DONE.has(item.ITEM_STATUS ?? ''),
    });
  }
  return out;
}
