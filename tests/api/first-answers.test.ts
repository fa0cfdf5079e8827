// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ID } from '../../contract/first-answers.schema.js';
import { createHttp } from '../../src/api/client.js';
import { answeringFirst, takeFirstAnswers } from '../../src/api/first-answers.js';
import { fetchStatus, fetchUser } from '../../src/api/user.js';
import { EARLY_READ_MS } from '../../src/lib/early-read.js';
import { integrationsAvailable, student } from '../machines/fixtures.js';

const embed = (text: string) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ID;
  block.textContent = text;
  document.head.append(block);
};

afterEach(() => document.getElementById(FIRST_ANSWERS_ID)?.remove());

/** A client over the page's first answers, recording what reaches the network. */
function clientOver(clock = { now: 0 }) {
  const calls: string[] = [];
  const network = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return Response.json({ status: 'ok', integrations: 'unavailable' });
  };
  const http = createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: answeringFirst(takeFirstAnswers(), network, () => clock.now),
  });
  return { http, calls };
}

describe("the page's first answers (issue 63)", () => {
  it("answers the guard's status and user calls from the page, with no request, then asks the API again", async () => {
    embed(JSON.stringify({ status: integrationsAvailable, 'users/user': student }));
    const { http, calls } = clientOver();
    expect(await fetchStatus(http)).toEqual(integrationsAvailable);
    expect(await fetchUser(http)).toEqual({ kind: 'user', user: student });
    expect(calls).toEqual([]);
    // Once each: the next status check (a later navigation) asks the server.
    expect(await fetchStatus(http)).toEqual({ status: 'ok', integrations: 'unavailable' });
    expect(calls).toEqual(['GET /api/status']);
  });

  it('reads the block once and removes it from the page, so nothing later reuses it', () => {
    embed(JSON.stringify({ status: integrationsAvailable }));
    expect(takeFirstAnswers().get('status')).toEqual(integrationsAvailable);
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    expect(takeFirstAnswers().size).toBe(0);
  });

  it('a part that its schema refuses is left out, and its call goes to the API; the others stand', async () => {
    embed(
      JSON.stringify({ status: integrationsAvailable, 'users/user': { ...student, email: 42 } }),
    );
    const answers = takeFirstAnswers();
    expect([...answers.keys()]).toEqual(['status']);
  });

  it('a block that is not JSON answers nothing: every call goes to the API, as without it', async () => {
    embed('{"status": ');
    const { http, calls } = clientOver();
    await fetchStatus(http);
    expect(calls).toEqual(['GET /api/status']);
  });

  it('an answer is not taken after the first load: a call that late goes to the API', async () => {
    embed(JSON.stringify({ status: integrationsAvailable }));
    const clock = { now: 0 };
    const { http, calls } = clientOver(clock);
    clock.now = EARLY_READ_MS;
    expect(await fetchStatus(http)).toEqual({ status: 'ok', integrations: 'unavailable' });
    expect(calls).toEqual(['GET /api/status']);
  });

  it('answers only a GET of the very address: a change, or a read with a query, goes to the API', async () => {
    embed(JSON.stringify({ 'integrations/finti/holds': [] }));
    const { http, calls } = clientOver();
    await http.get('integrations/finti/holds', { searchParams: { term: '202604' } });
    await http.post('integrations/finti/holds');
    expect(calls).toEqual([
      'GET /api/integrations/finti/holds',
      'POST /api/integrations/finti/holds',
    ]);
    expect(await http.get('integrations/finti/holds').json()).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
