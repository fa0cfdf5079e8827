import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListSchema } from '../../../../contract/content.schema.js';
import { messagePageSchema } from '../../../../contract/messages.schema.js';
import { userTaskListSchema } from '../../../../contract/next-steps/task.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { as } from '../next-steps/helpers.js';
import { adminAs } from './admin-client.js';
import { post } from './post-input.js';
import { draftTask } from './task-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
let allStudents: number;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
  const page = await staff.get('/admin/tasks/new');
  allStudents = Number(/value="(\d+)"\/> <label for="[^"]+">All Students</.exec(page.body)?.[1]);
});
afterAll(async () => app.close());

/** Sets the persona's Account Language (null: never chose). */
async function choose(username: string, language: 'en' | 'es' | null) {
  const user = await app.repositories.users.findByUsername(username);
  const id = user?.id ?? 0;
  const prefs = await app.repositories.preferences.forUser(id);
  await app.repositories.preferences.update(id, prefs.pk, { language });
}
const inbox = async (token: string) =>
  messagePageSchema.parse(
    (
      await app.inject({
        url: '/api/notifications/user',
        headers: { authorization: `Token ${token}` },
      })
    ).json(),
  ).messages;
const posts = async (token: string, type: string, language?: string) =>
  postListSchema.parse(
    (
      await app.inject({
        url: `/api/posts?post_type=${type}`,
        headers: {
          authorization: `Token ${token}`,
          ...(language ? { 'accept-language': language } : {}),
        },
      })
    ).json(),
  );
const message = (over = {}) => ({
  audience: 'role',
  username: null,
  role: 'faculty',
  body: 'The library closes at 8 pm this week.',
  action_link: null,
  display_as_banner: false,
  expires_on: null,
  ...over,
});

describe('staff content in two languages (issue 59): a Spanish reader gets the Spanish version where one exists, else the English marked lang="en"', () => {
  it('a message: its Spanish for a reader who chose Español, the English with lang en when it has none, and no lang for an English reader', async () => {
    const { token } = await signIn(app, 'faculty');
    await choose('rpatel', 'es');
    const sent = await staff.json(
      'POST',
      '/admin/messages',
      message({
        title: 'Library hours change',
        title_es: 'Cambia el horario de la biblioteca',
        body_es: 'La biblioteca cierra a las 8 p. m. esta semana.',
      }),
    );
    expect(sent.statusCode).toBe(201);
    await staff.json('POST', '/admin/messages', message({ title: 'Parking lot closed' }));
    const spanish = await inbox(token);
    expect(spanish.find((m) => m.title.startsWith('Cambia'))).toMatchObject({
      body: 'La biblioteca cierra a las 8 p. m. esta semana.',
      lang: 'es',
    });
    expect(spanish.find((m) => m.title === 'Parking lot closed')?.lang).toBe('en');
    expect(spanish.some((m) => m.title === 'Library hours change')).toBe(false);

    await choose('rpatel', 'en');
    const english = await inbox(token);
    expect(english.find((m) => m.title === 'Library hours change')?.lang).toBeUndefined();
    expect(english.find((m) => m.title === 'Library hours change')?.body).toBe(
      'The library closes at 8 pm this week.',
    );
  });

  it('a Spanish text without a Spanish title is refused with a message on the title field', async () => {
    const refused = await staff.json(
      'POST',
      '/admin/messages',
      message({ title: 'Half translated', body_es: 'Solo el texto.' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Give the Spanish title too');
  });

  it('a post: its Spanish body is stored sanitised like the English, and a Spanish reader gets it with its link text', async () => {
    const saved = await staff.json(
      'POST',
      '/admin/posts',
      post({
        category: null,
        post_type: 'card',
        title: 'Study abroad fair',
        action_link: 'https://abroad.example.edu',
        link_text: 'See the programs',
        title_es: 'Feria de estudios en el extranjero',
        body_es: 'Venga **el jueves**. <script>window.pwned = 1</script>',
        link_text_es: 'Vea los programas',
      }),
    );
    expect(saved.statusCode).toBe(201);
    const row = await app.database.db
      .selectFrom('content_posts')
      .select(['translations', 'body_markdown_es'])
      .where('title', '=', 'Study abroad fair')
      .executeTakeFirstOrThrow();
    expect(row.translations).not.toContain('<script');
    expect(row.body_markdown_es).toContain('**el jueves**');

    const { token } = await signIn(app, 'student');
    await choose('avalencia', 'es');
    const { slug } = saved.json<{ slug: string }>();
    const mine = (await posts(token, 'card')).find((p) => p.slug === slug);
    expect(mine).toMatchObject({
      title: 'Feria de estudios en el extranjero',
      link_text: 'Vea los programas',
      lang: 'es',
    });
    expect(mine?.body).toContain('<strong>el jueves</strong>');
    expect(mine?.body).not.toContain('script');
    expect(mine).not.toHaveProperty('translations');

    // Never chose: the browser's Accept-Language decides.
    await choose('avalencia', null);
    const english = (await posts(token, 'card', 'en-US')).find((p) => p.title.includes('abroad'));
    expect(english).toMatchObject({ title: 'Study abroad fair', link_text: 'See the programs' });
    expect(english?.lang).toBeUndefined();
    const byBrowser = (await posts(token, 'card', 'es-MX,es;q=0.9')).filter(
      (p) => p.lang !== undefined,
    );
    expect(byBrowser.find((p) => p.title.startsWith('Feria'))?.lang).toBe('es');
    expect(byBrowser.filter((p) => p.lang === 'en').length).toBeGreaterThan(0);
  });

  it('a Next Steps task: the Spanish title and description for a Spanish reader; the admin shows them again to edit', async () => {
    const created = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({
        title: 'Pick up your parking permit',
        title_es: 'Recoja su permiso de estacionamiento',
        body_es: 'En la oficina de transporte.',
        student_type_ids: [allStudents],
      }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const form = await staff.get(`/admin/tasks/${id}`);
    expect(form.body).toContain('value="Recoja su permiso de estacionamiento"');
    expect(form.body).toContain('lang="es"');

    const student = await as(app, 'student');
    await choose('avalencia', 'es');
    const tasks = await student.tasks();
    expect(tasks.find((t) => t.task.id === id)?.task).toMatchObject({
      title: 'Recoja su permiso de estacionamiento',
      description: 'En la oficina de transporte.',
      lang: 'es',
    });
    expect(tasks.every((t) => t.task.lang !== undefined)).toBe(true);
    expect(tasks.filter((t) => t.task.lang === 'en').length).toBeGreaterThan(0);
  });
});

describe('staff messages and Next Steps tasks for a person who never chose a language follow the browser’s Accept-Language (issue 59); a person who chose keeps their choice', () => {
  const inboxIn = async (token: string, language: string) =>
    messagePageSchema.parse(
      (
        await app.inject({
          url: '/api/notifications/user',
          headers: { authorization: `Token ${token}`, 'accept-language': language },
        })
      ).json(),
    ).messages;

  it('a message: Spanish for an es browser, as written for an English one, and the choice over the browser', async () => {
    const { token } = await signIn(app, 'faculty');
    await staff.json(
      'POST',
      '/admin/messages',
      message({
        title: 'Gym reopens',
        body: 'The gym reopens on Monday.',
        title_es: 'Reabre el gimnasio',
        body_es: 'El gimnasio reabre el lunes.',
      }),
    );
    const gym = (list: Awaited<ReturnType<typeof inbox>>) =>
      list.find((m) => m.body.includes('gym') || m.body.includes('gimnasio'));

    await choose('rpatel', null);
    expect(gym(await inboxIn(token, 'es-MX,es;q=0.9'))).toMatchObject({
      title: 'Reabre el gimnasio',
      body: 'El gimnasio reabre el lunes.',
      lang: 'es',
    });
    const english = gym(await inboxIn(token, 'en-US,en;q=0.9'));
    expect(english).toMatchObject({ title: 'Gym reopens' });
    expect(english?.lang).toBeUndefined();

    await choose('rpatel', 'en');
    const chosenEnglish = gym(await inboxIn(token, 'es-MX,es;q=0.9'));
    expect(chosenEnglish?.title).toBe('Gym reopens');
    expect(chosenEnglish?.lang).toBeUndefined();
    await choose('rpatel', 'es');
    expect(gym(await inboxIn(token, 'en-US'))?.title).toBe('Reabre el gimnasio');
  });

  it('a Next Steps task: Spanish for an es browser, as written for an English one, and the choice over the browser', async () => {
    const created = await staff.json(
      'POST',
      '/admin/tasks',
      draftTask({
        title: 'Book your advising appointment',
        title_es: 'Reserve su cita con su asesor',
        body_es: 'En el centro de asesoría.',
        student_type_ids: [allStudents],
      }),
    );
    const id = created.json<{ id: number }>().id;
    const student = await as(app, 'student');
    const taskIn = async (language: string) => {
      const response = await app.inject({
        url: '/next-steps/api/user_task/?published=True',
        headers: { authorization: `Token ${student.token}`, 'accept-language': language },
      });
      return userTaskListSchema.parse(response.json()).find((t) => t.task.id === id)?.task;
    };

    await choose('avalencia', null);
    expect(await taskIn('es-US,es;q=0.9')).toMatchObject({
      title: 'Reserve su cita con su asesor',
      description: 'En el centro de asesoría.',
      lang: 'es',
    });
    const english = await taskIn('en-US');
    expect(english?.title).toBe('Book your advising appointment');
    expect(english?.lang).toBeUndefined();

    await choose('avalencia', 'en');
    expect((await taskIn('es-US'))?.title).toBe('Book your advising appointment');
    await choose('avalencia', 'es');
    expect((await taskIn('en-US'))?.title).toBe('Reserve su cita con su asesor');
  });
});
