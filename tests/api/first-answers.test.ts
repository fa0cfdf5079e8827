// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { FIRST_ANSWERS_ID, firstAttendancePath } from '../../contract/first-answers.rules.js';
import { fetchAttendance } from '../../src/api/attendance.js';
import { createHttp } from '../../src/api/client.js';
import { takeFirstAnswers } from '../../src/api/first-answers.js';
import { fetchStatus, fetchUser } from '../../src/api/user.js';
import { integrationsAvailable, student } from '../machines/fixtures.js';

const embed = (text: string) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ID;
  block.textContent = text;
  document.head.append(block);
};

afterEach(() => document.getElementById(FIRST_ANSWERS_ID)?.remove());

/** The app's client over the page's first answers, recording what reaches the network. */
function clientOverPage() {
  const calls: string[] = [];
  const http = createHttp({
    baseUrl: 'http://portal.test/api',
    firstAnswers: takeFirstAnswers(),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      return Response.json({ status: 'ok', integrations: 'unavailable' });
    },
  });
  return { http, calls };
}

describe("the page's first answers (issue 63)", () => {
  it("Academics' attendance answer is carried under the address the attendance call asks for", async () => {
    const attendance = { term: '202601', courses: [] };
    embed(JSON.stringify({ [firstAttendancePath('202601')]: attendance }));
    const { http, calls } = clientOverPage();
    expect(await fetchAttendance(http, '202601')).toEqual(attendance);
    expect(calls).toEqual([]);
  });

  it("answer the guard's status and user calls with no request, once: the next status check asks the API", async () => {
    embed(JSON.stringify({ status: integrationsAvailable, 'users/user': student }));
    const { http, calls } = clientOverPage();
    expect(await fetchStatus(http)).toEqual(integrationsAvailable);
    expect(await fetchUser(http)).toEqual({ kind: 'user', user: student });
    expect(calls).toEqual([]);
    expect(await fetchStatus(http)).toEqual({ status: 'ok', integrations: 'unavailable' });
    expect(calls).toEqual(['GET /api/status']);
  });

  it('are read once and removed from the page, so nothing later reuses them', () => {
    embed(JSON.stringify({ status: integrationsAvailable }));
    expect(takeFirstAnswers().get('status')).toEqual(integrationsAvailable);
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(takeFirstAnswers().size).toBe(0);
  });

  it('are parsed by the call with its own schema, as a network answer: a part it refuses is refused, never taken as it is', async () => {
    embed(JSON.stringify({ 'users/user': { ...student, email: 42 } }));
    const { http } = clientOverPage();
    await expect(fetchUser(http)).rejects.toBeInstanceOf(ZodError);
  });

  it('a block that is not JSON answers nothing: every call goes to the API, as without it', async () => {
    embed('{"status": ');
    const { http, calls } = clientOverPage();
    await fetchStatus(http);
    expect(calls).toEqual(['GET /api/status']);
  });

  it('answer only a GET of the very address: a change, or a read with a query, goes to the API', async () => {
    embed(JSON.stringify({ 'integrations/finti/holds': [] }));
    const { http, calls } = clientOverPage();
    await http.get('integrations/finti/holds', { searchParams: { term: '202604' } });
    await http.get('integrations/finti/holdsx');
    expect(await http.get('integrations/finti/holds').json()).toEqual([]);
    expect(calls).toEqual([
      'GET /api/integrations/finti/holds?term=202604',
      'GET /api/integrations/finti/holdsx',
    ]);
    await http.post('integrations/finti/holds');
    expect(calls).toHaveLength(3);
  });
});
