import { gpaAnswerSchema } from '../../contract/sis/gpa.schema.js';
import { gradesAnswerSchema } from '../../contract/sis/courses.schema.js';
import { holdsAnswerSchema } from '../../contract/sis/holds.schema.js';
import { currentTermAnswerSchema } from '../../contract/sis/term.schema.js';
import { HTTPError } from 'ky';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { fetchIntegration, fetchTermIntegration } from '../../src/api/integrations.js';
import { createHttp } from '../../src/api/client.js';
import { isOutage } from '../../src/api/errors.js';
import { fakeHttp } from './fake-fetch.js';

describe('integration clients', () => {
  it('fetches a read with the token and parses it with the contract', async () => {
    const { http, seen } = fakeHttp({ p_term_out: '202604', display_term: '202604' });
    expect(await fetchIntegration(http, 'current-term', currentTermAnswerSchema)).toEqual({
      p_term_out: '202604',
      display_term: '202604',
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: 'http://portal.test/api/integrations/finti/current-term',
      authorization: 'Token tok',
    });
  });

  it('sends the term of per-term reads as ?term=', async () => {
    const { http, seen } = fakeHttp([]);
    expect(await fetchTermIntegration(http, 'grades', '202602', gradesAnswerSchema)).toEqual([]);
    expect(seen[0]?.url).toBe('http://portal.test/api/integrations/finti/grades?term=202602');
  });

  it('passes a p_result "Warning" answer on, recognisable as empty', async () => {
    const { http } = fakeHttp({ p_result: 'Warning', p_message: 'No GPA on record yet' });
    expect(isSisWarning(await fetchIntegration(http, 'gpa', gpaAnswerSchema))).toBe(true);
  });

  it('refuses an answer that does not match the contract', async () => {
    const { http } = fakeHttp([{ GPATYPEINDICATOR: 'I', LEVELCODE: 'PHD', GPA: 4 }]);
    await expect(fetchIntegration(http, 'gpa', gpaAnswerSchema)).rejects.toThrow();
  });

  it('refuses it as a failed call of its own, not as the portal being unreachable', async () => {
    const onFailure = vi.fn();
    const http = createHttp({
      baseUrl: 'http://portal.test/api',
      fetch: async () => Response.json([{ GPATYPEINDICATOR: 'I', LEVELCODE: 'PHD', GPA: 4 }]),
      onFailure,
    });
    const failure: unknown = await fetchIntegration(http, 'gpa', gpaAnswerSchema).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(z.ZodError);
    expect(isOutage(failure)).toBe(false);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('throws an HTTPError for the 500 {detail, component} of a failed read', async () => {
    const { http } = fakeHttp({ detail: 'x', component: 'holds' }, 500);
    await expect(fetchIntegration(http, 'holds', holdsAnswerSchema)).rejects.toBeInstanceOf(
      HTTPError,
    );
  });
});
