import { describe, expect, it } from 'vitest';
import { courseworkKindSchema } from '../../../../contract/coursework.schema.js';
import { envSchema, loadConfig } from '../../../../server/config.js';
import { lmsReportLine, lmsSecrets } from '../../../../server/config/lms.js';
import { LMS_SOURCE_SETTINGS } from '../../../../server/coursework/sources/settings.js';

const canvas = {
  CANVAS_URL: 'https://canvas.example.edu',
  CANVAS_CLIENT_ID: '10000000000001',
  CANVAS_CLIENT_SECRET: 'canvas-secret-0123',
};

describe('the LMS sources list', () => {
  it("lists one source for each of the contract's kinds of connection", () => {
    expect(Object.keys(LMS_SOURCE_SETTINGS)).toEqual(courseworkKindSchema.options);
  });

  it("puts each source's variables in the one environment schema, with a docs row each", () => {
    for (const settings of Object.values(LMS_SOURCE_SETTINGS)) {
      for (const name of Object.keys(settings.env)) {
        expect(Object.keys(envSchema.shape), name).toContain(name);
      }
      expect(Object.keys(settings.docs.rows).sort()).toEqual(Object.keys(settings.env).sort());
    }
  });

  it("the start-up report's LMS line and the placeholder check come from the sources", () => {
    const config = loadConfig({ ...canvas, PUBLIC_ORIGIN: 'https://portal.example.edu' });
    expect(lmsReportLine(config)).toBe(
      'Canvas at https://canvas.example.edu (students may connect it on Account; its callback is https://portal.example.edu/api/coursework/canvas/callback)',
    );
    expect(lmsReportLine(loadConfig({}))).toMatch(/^students paste their calendar feed/);
    expect(lmsSecrets(config)).toEqual([['CANVAS_CLIENT_SECRET', 'canvas-secret-0123']]);
  });
});
