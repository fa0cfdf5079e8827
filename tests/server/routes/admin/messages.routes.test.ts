import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { messagePageSchema } from '../../../../contract/messages.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs, plainCells } from './admin-client.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const message = (over = {}) => ({
  audience: 'role',
  username: null,
  role: 'student',
  title: 'Library hours change',
  body: 'The library closes at 8 pm this week.',
  action_link: '/resources',
  display_as_banner: true,
  expires_on: null,
  ...over,
});
const inbox = async (persona: 'student' | 'faculty') => {
  const { token } = await signIn(app, persona);
  const answer = await app.inject({
    url: '/api/notifications/user',
    headers: { authorization: `Token ${token}` },
  });
  return messagePageSchema.parse(answer.json()).messages;
};

describe('messages in the admin', () => {
  it('a banner message to students reaches a student, not faculty; it is audited', async () => {
    const sent = await staff.json(
      'POST',
      '/admin/messages',
      message({ title: 'For students only' }),
    );
    expect(sent.statusCode).toBe(201);
    const mine = (await inbox('student')).find((m) => m.title === 'For students only');
    expect(mine).toMatchObject({ display_as_banner: true, action_link: '/resources' });
    expect((await inbox('faculty')).some((m) => m.title === 'For students only')).toBe(false);
    const [entry] = await app.repositories.audit.search({ kind: 'message', limit: 1 });
    expect(entry).toMatchObject({
      action: 'admin.message.send',
      changes: { title: { after: 'For students only' } },
    });
  });

  it('a message to one person reaches only them', async () => {
    await staff.json(
      'POST',
      '/admin/messages',
      message({ audience: 'person', role: null, username: 'avalencia', title: 'Just for you' }),
    );
    expect((await inbox('student')).some((m) => m.title === 'Just for you')).toBe(true);
    expect((await inbox('faculty')).some((m) => m.title === 'Just for you')).toBe(false);
  });

  it('the list shows how many have read a message', async () => {
    await staff.json(
      'POST',
      '/admin/messages',
      message({ audience: 'everyone', role: null, title: 'Read me' }),
    );
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    const list = messagePageSchema.parse(
      (await app.inject({ url: '/api/notifications/user', headers })).json(),
    ).messages;
    const pk = list.find((m) => m.title === 'Read me')?.pk;
    await app.inject({
      method: 'PATCH',
      url: `/api/notifications/${pk}`,
      headers,
      payload: { user_read_on: new Date().toISOString() },
    });
    const page = await staff.get('/admin/messages');
    expect(plainCells(page.body)).toMatch(
      /Read me <span class="tag">Banner<\/span><\/td><td>Everyone<\/td><td>[^<]+<\/td><td>—<\/td><td>1<\/td>/,
    );
  });

  it('retracting asks first, then nobody sees the message; it is audited', async () => {
    const sent = await staff.json('POST', '/admin/messages', message({ title: 'Oops' }));
    const { id } = sent.json<{ id: number }>();
    expect((await staff.get(`/admin/messages/${id}/retract`)).body).toContain(
      'Retract the message <strong>Oops</strong>',
    );
    expect((await staff.form(`/admin/messages/${id}/retract`, [])).statusCode).toBe(303);
    expect((await inbox('student')).some((m) => m.title === 'Oops')).toBe(false);
    expect((await app.repositories.audit.search({ kind: 'message', limit: 1 }))[0]).toMatchObject({
      action: 'admin.message.retract',
    });
    expect((await staff.json('DELETE', `/admin/messages/${id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      'username',
      { audience: 'person', role: null, username: null },
      'Enter the person’s username.',
    ],
    ['role', { role: null }, 'Choose the role.'],
    ['action_link', { action_link: 'javascript:alert(1)' }, 'http(s) address or a portal path'],
    ['title', { title: '' }, 'Enter a title.'],
    ['expires_on', { expires_on: '2000-01-01T00:00:00Z' }, 'The expiry has passed'],
  ])('a bad body answers 400 naming the field %s', async (field, over, text) => {
    const response = await staff.json('POST', '/admin/messages', message(over));
    expect(response.statusCode).toBe(400);
    const answer = adminErrorSchema.parse(response.json());
    expect(answer.detail).toContain(field);
    expect(answer.fields?.[field]).toContain(text);
  });

  it.each([
    ['/\\evil.example/msg'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['//evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['https://portal@evil.example/'],
  ])(
    'an action link that leaves the site or runs script (%j) is refused with 400 naming action_link',
    async (link) => {
      const response = await staff.json('POST', '/admin/messages', message({ action_link: link }));
      expect(response.statusCode).toBe(400);
      expect(adminErrorSchema.parse(response.json()).fields?.action_link).toContain(
        'http(s) address or a portal path',
      );
    },
  );

  it('an action link is stored normalised, as the browser will follow it', async () => {
    for (const [typed, stored] of [
      ['HTTPS://Campus.Example.EDU/a/../b', 'https://campus.example.edu/b'],
      [' /account#holds ', '/account#holds'],
    ] as const) {
      const title = `Normalised ${stored}`;
      const sent = await staff.json(
        'POST',
        '/admin/messages',
        message({ title, action_link: typed }),
      );
      expect(sent.statusCode).toBe(201);
      expect((await inbox('student')).find((m) => m.title === title)?.action_link).toBe(stored);
    }
  });

  it('a refused form keeps what was typed', async () => {
    const response = await staff.form('/admin/messages', [
      ['audience', 'person'],
      ['title', 'Draft title'],
      ['body', 'Careful words'],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Draft title"');
    expect(response.body).toContain('>Careful words</textarea>');
    expect(response.body).toContain('Enter the person’s username.');
  });

  it.each(['student', 'faculty'] as const)(
    'the %s persona gets 403 on messages',
    async (persona) => {
      const other = await adminAs(app, persona);
      expect((await other.get('/admin/messages')).statusCode).toBe(403);
      expect((await other.json('POST', '/admin/messages', message())).statusCode).toBe(403);
      expect((await other.json('DELETE', '/admin/messages/1')).statusCode).toBe(403);
    },
  );
});
