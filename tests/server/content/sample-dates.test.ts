import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardPosts } from '../../../server/content/sample-dashboard.js';
import { pagePosts } from '../../../server/content/sample-pages.js';
import { sampleRows } from '../../../server/content/samples.js';
import { sampleMessages } from '../../../server/messages/sample-messages.js';
import { sampleTasks } from '../../../server/next-steps/sample-data.js';
import { createTestApp } from '../helpers/app.js';

const MONTH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+\d/;

describe('the sample content: no card from last month', () => {
  it('no sample post, message or Next Steps task names a fixed day, which would go by (its dates run from the first start)', () => {
    const texts = [
      ...[...dashboardPosts, ...pagePosts].flatMap((p) => [
        p.title,
        p.body ?? '',
        p.link_text ?? '',
      ]),
      ...sampleMessages(new Date()).flatMap((m) => [m.title, m.body]),
      ...sampleTasks.flatMap((t) => [t.title, t.description]),
    ];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => MONTH.test(text))).toEqual([]);
  });
});

describe('npm run samples: a post an earlier release seeded under a title since changed', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('is still the seed’s (1.1.0’s "Homecoming weekend, October 17–19"), and a post staff retitled is not', async () => {
    const { db } = app.database;
    const retitle = (slug: string, title: string) =>
      db.updateTable('content_posts').set({ title }).where('slug', '=', slug).execute();
    await retitle('homecoming-weekend', 'Homecoming weekend, October 17–19');
    await retitle('open-enrollment-benefits', 'Benefits: our own title');
    const posts = (await sampleRows(app.repositories.samples))
      .filter((r) => r.kind === 'post')
      .map((r) => r.name);
    expect(posts).toContain('homecoming-weekend');
    expect(posts).not.toContain('open-enrollment-benefits');
  });
});
