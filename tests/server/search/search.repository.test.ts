import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { ContentRepository } from '../../../server/db/repositories/content.repository.js';
import type { NewPost } from '../../../server/db/repositories/content.repository.js';
import { ALL_STUDENTS } from '../../../contract/next-steps/choices.schema.js';
import type {
  SearchRepository,
  SearchReader,
} from '../../../server/db/repositories/search.repository.js';
import { searchThreadRuns } from '../../../server/search/search-pool.js';
import { searchWords } from '../../../server/search/search-query.js';
import type { Segment } from '../../../server/db/repositories/search-match.js';
import { taskRow, userRow } from '../../fixtures/store-rows.js';
import { TEST_BUDGET, searchOn, searchStores } from './search-stores.js';

const stores = searchStores('search');
const now = new Date('2026-11-21T12:00:00.000Z');
const text = (segments: Segment[]) => segments.map((s) => s.text).join('');
const matched = (segments: Segment[]) => segments.filter((s) => s.match).map((s) => s.text);

const post = (
  slug: string,
  title: string,
  body: string,
  extra: Partial<NewPost> = {},
): NewPost => ({
  post_type: 'resources',
  slug,
  title,
  body,
  category: null,
  image: null,
  thumbnail_image: null,
  medium_image: null,
  large_image: null,
  action_link: null,
  link_text: null,
  hide_text: false,
  publishing_opens_on: null,
  links: [],
  ...extra,
});

describe.each(stores)('search repository on $name', ({ open }) => {
  let database: Database;
  let search: SearchRepository;
  let content: ContentRepository;
  let student: SearchReader;
  let staff: SearchReader;
  const find = (reader: SearchReader, query: string) =>
    search.search(reader, searchWords(query), now, TEST_BUDGET);

  beforeAll(async () => {
    database = await open();
    const { db } = database;
    search = searchOn(database);
    content = new ContentRepository(db);
    const person = (username: string, role: string) =>
      db
        .insertInto('users')
        .values(userRow(username, now, { primary_role: role }))
        .returning('id')
        .executeTakeFirstOrThrow();
    const [s, t] = [await person('searcher', 'student'), await person('other', 'student')];
    student = {
      userId: s.id,
      username: 'searcher',
      roles: ['student'],
      hiddenCategories: ['staff', 'faculty', 'financial_dashboard'],
    };
    staff = { userId: t.id, username: 'other', roles: ['staff'], hiddenCategories: ['student'] };

    await content.insertPost(
      post(
        'reg',
        'Registration opens Monday',
        '<p>Plan your classes with the <strong>schedule</strong> builder.</p>',
        {
          links: [
            {
              url: 'https://reg.example.edu/',
              link_text: 'Registration hub',
              description: 'Add and drop classes',
              icon_class: '',
            },
          ],
        },
      ),
    );
    await content.insertPost(
      post(
        'staff-guide',
        'Staff registration guide',
        '<p>Payroll and registration for employees.</p>',
        { category: 'staff' },
      ),
    );
    await content.insertPost(
      post('later', 'Registration for summer', '<p>Opens later.</p>', {
        publishing_opens_on: '2027-01-01T00:00:00.000Z',
      }),
    );
    await content.insertPost(
      post('grades-post', 'Final grades posted', '<p>Grades for fall are in.</p>', {
        post_type: 'blog',
      }),
    );

    const category = await db
      .insertInto('ns_categories')
      .values({ slug: 'general', name: 'General' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await db
      .insertInto('ns_tasks')
      .values(
        taskRow('Submit immunization records', category.id, {
          description: '<p>Upload your <em>vaccination</em> history.</p>',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    // The task is for all students, and the student has their record of it: it is in their list.
    const all = await db
      .insertInto('ns_student_types')
      .values({ name: ALL_STUDENTS })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ns_task_student_types')
      .values({ task_id: task.id, student_type_id: all.id })
      .execute();
    await db
      .insertInto('ns_user_tasks')
      .values({ user_id: s.id, task_id: task.id, starred: 0 })
      .execute();

    const message = (title: string, audience: object) =>
      db
        .insertInto('messages')
        .values({
          title,
          body: 'Read before the deadline.',
          created_on: now.toISOString(),
          audience: 'everyone',
          ...audience,
        })
        .execute();
    await message('Tuition deadline moved', { audience: 'person', username: 'searcher' });
    await message('Tuition for someone else', { audience: 'person', username: 'other' });
    await message('Tuition reminder for staff', { audience: 'role', role: 'staff' });
    await message('Tuition expired notice', { expires_on: '2026-11-01T00:00:00.000Z' });
  });
  afterAll(async () => database.close());

  it('finds a post by the start of a word in its title ("regist" finds "Registration"), with the match marked', async () => {
    const { posts } = await find(student, 'regist');
    expect(posts.map((p) => p.slug)).toEqual(['reg']);
    expect(text(posts[0]!.title)).toBe('Registration opens Monday');
    expect(matched(posts[0]!.title)).toEqual(['Registration']);
  });

  it('finds words by their stem, in the body as text, never in the markup around it', async () => {
    expect((await find(student, 'registering')).posts.map((p) => p.slug)).toEqual(['reg']);
    expect((await find(student, 'grade')).posts.map((p) => p.slug)).toEqual(['grades-post']);
    const { posts } = await find(student, 'schedule');
    expect(matched(posts[0]!.excerpt)).toEqual(['schedule']);
    expect(text(posts[0]!.excerpt)).not.toMatch(/[<>]/);
    expect((await find(student, 'strong')).posts).toEqual([]);
  });

  it('portal.md §6: a post whose category is a role the reader lacks, or that is not published yet, is never a result', async () => {
    expect((await find(student, 'registration')).posts.map((p) => p.slug)).toEqual(['reg']);
    expect((await find(staff, 'registration')).posts.map((p) => p.slug).sort()).toEqual([
      'reg',
      'staff-guide',
    ]);
  });

  it('finds a resource link by its text and description, under its post', async () => {
    const { links } = await find(student, 'drop classes');
    expect(links.map((l) => l.url)).toEqual(['https://reg.example.edu/']);
  });

  it('finds only the reader’s own Next Steps tasks', async () => {
    expect((await find(student, 'vaccination')).tasks.map((t) => text(t.title))).toEqual([
      'Submit immunization records',
    ]);
    expect((await find(staff, 'vaccination')).tasks).toEqual([]);
  });

  it('finds the messages addressed to the reader, their role or everyone, and not expired ones', async () => {
    const titles = async (reader: SearchReader) =>
      (await find(reader, 'tuition')).messages.map((m) => text(m.title)).sort();
    expect(await titles(student)).toEqual(['Tuition deadline moved']);
    expect(await titles(staff)).toEqual(['Tuition for someone else', 'Tuition reminder for staff']);
  });

  it('keeps the index current when a post, task or message changes or goes', async () => {
    const { db } = database;
    await db
      .updateTable('content_posts')
      .set({ title: 'Enrollment opens Monday' })
      .where('slug', '=', 'reg')
      .execute();
    expect((await find(student, 'enrollment')).posts.map((p) => p.slug)).toEqual(['reg']);
    expect((await find(student, 'registration')).posts).toEqual([]);
    await db.updateTable('ns_tasks').set({ title: 'Upload vaccine proof' }).execute();
    expect((await find(student, 'vaccine proof')).tasks).toHaveLength(1);
    await db.deleteFrom('messages').where('title', '=', 'Tuition deadline moved').execute();
    expect((await find(student, 'tuition')).messages).toEqual([]);
    await db.deleteFrom('content_posts').where('slug', '=', 'grades-post').execute();
    expect((await find(student, 'grades')).posts).toEqual([]);
  });

  it('answers nothing, without asking the store, for a query with no letters or digits', async () => {
    expect(await find(student, '"*:&|!()')).toEqual({
      posts: [],
      links: [],
      tasks: [],
      messages: [],
      partial: false,
    });
  });

  it('runs on the search thread when the store is a file, and on PostgreSQL’s pool otherwise', async () => {
    const before = searchThreadRuns.count;
    expect((await find(student, 'tuition')).partial).toBe(false);
    expect(searchThreadRuns.count - before).toBe(database.dialect === 'sqlite' ? 1 : 0);
  });

  it('reads no query syntax from what was typed', async () => {
    await expect(find(student, 'OR AND NOT NEAR "x" * : & | !')).resolves.toBeDefined();
    expect(await sql`SELECT 1 AS one`.execute(database.db)).toBeTruthy();
  });
});
