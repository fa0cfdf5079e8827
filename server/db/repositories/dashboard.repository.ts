import type { Kysely } from 'kysely';
import { dashboardBlockSchema } from '../../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../../contract/dashboard.schema.js';
import type { DatabaseSchema } from '../schema.js';
import { layoutOf, layoutText } from './preferences.repository.js';

/** The dashboard's stored settings: the blocks staff made mandatory, and each person's demo layout. */
export class DashboardRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The blocks staff marked mandatory, in the blocks' order; a name no longer a block is skipped. */
  async mandatory(): Promise<DashboardBlock[]> {
    const rows = await this.db
      .selectFrom('dashboard_mandatory_blocks')
      .select('block')
      .orderBy('block')
      .execute();
    return rows.flatMap(({ block }) => {
      const parsed = dashboardBlockSchema.safeParse(block);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Replaces the mandatory blocks with `blocks`. */
  async setMandatory(blocks: readonly DashboardBlock[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('dashboard_mandatory_blocks').execute();
      if (blocks.length > 0)
        await trx
          .insertInto('dashboard_mandatory_blocks')
          .values(blocks.map((block) => ({ block })))
          .execute();
    });
  }

  /** The layout a person arranged in demo mode; null (the default) until they arrange one. */
  async demoLayout(userId: number): Promise<DashboardLayout> {
    const row = await this.db
      .selectFrom('demo_dashboard_layouts')
      .select('layout')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? layoutOf(row.layout) : null;
  }

  /** Saves a person's demo layout; their own layout is not touched. */
  async saveDemoLayout(userId: number, layout: DashboardLayout): Promise<void> {
    const text = layoutText(layout);
    await this.db
      .insertInto('demo_dashboard_layouts')
      .values({ user_id: userId, layout: text })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ layout: text }))
      .execute();
  }
}
