import type { Hold } from '../../../contract/sis/holds.schema.js';
import { DEFAULT_HOLD_CATEGORIES, FALLBACK_HOLD_CATEGORY } from '../../config/campus-sis.js';
import { campusDate } from '../../time.js';
import { personHoldSchema } from './models.js';
import type { EthosPerson } from './models.js';
import { inForce } from './records.js';
import type { RecordContext } from './records.js';
import { dateOf } from './terms.js';

/** holds: person-holds in force today, their type's category to an office and processes. */
export async function holdsOf(ctx: RecordContext, person: EthosPerson): Promise<Hold[]> {
  const holds = await ctx.client.list('person-holds', personHoldSchema, {
    params: { person: person.id },
  });
  for (const h of holds)
    ctx.owners.note('person-holds', h.id, { kind: 'person', subject: person.id });
  const today = campusDate(ctx.now(), ctx.zone);
  const table = { ...DEFAULT_HOLD_CATEGORIES, ...ctx.campusSis.ethos.holdCategories };
  const out: Hold[] = [];
  for (const hold of holds.filter((h) => inForce(today, h.startOn, h.endOn))) {
    const type = await ctx.tables.holdTypes.one(hold.type.detail?.id);
    const category = type?.category ?? hold.type.category ?? '';
    const office = table[category] ?? FALLBACK_HOLD_CATEGORY;
    out.push({
      HOLD: type?.code ?? category.slice(0, 20),
      HOLDDESCRIPTION: type?.title ?? category,
      HOLDAMOUNT: 0,
      HOLDFROMDATE: dateOf(hold.startOn),
      HOLDTODATE: dateOf(hold.endOn ?? '2099-12-31'),
      HOLDORIGINATINGOFFICE: office.office,
      HOLDORIGINATINGOFFICEDESCRIPTION: office.officeDescription,
      HOLDRELEASEINDICATOR: 'N',
      PROCESSAFFECTED: office.processes,
      REASON: hold.comment ?? null,
      STUDENTID: person.id,
    });
  }
  return out;
}
