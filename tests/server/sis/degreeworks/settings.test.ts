import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config.js';
import { openSis } from '../../../../server/sis/adapters/index.js';
import { DegreeWorksSource } from '../../../../server/sis/degreeworks/source.js';
import { SampleSis } from '../../../../server/sis/sample-adapter.js';
import { placeholderSecrets } from '../../../../server/preflight.js';
import { startupReport } from '../../../../server/startup-report.js';

const DW = {
  DEGREE_SOURCE: 'degreeworks',
  DEGREEWORKS_URL: 'https://dw.example.edu/responsiveDashboard/api/',
  DEGREEWORKS_TOKEN: 'service-token-1',
};

describe('DEGREE_SOURCE and the DEGREEWORKS_* settings (issue 92)', () => {
  it("defaults to the SIS adapter's own read: the port opened is the adapter, unwrapped", () => {
    const config = loadConfig({});
    expect(config.sis.degree).toEqual({ source: 'sis' });
    expect(openSis(config)).toBeInstanceOf(SampleSis);
  });

  it('refuses degreeworks without DEGREEWORKS_URL, naming the variable', () => {
    expect(() => loadConfig({ DEGREE_SOURCE: 'degreeworks', DEGREEWORKS_TOKEN: 'x' })).toThrow(
      /DEGREEWORKS_URL/,
    );
  });

  it('refuses degreeworks without a token, and a token given twice, naming the variables', () => {
    expect(() => loadConfig({ ...DW, DEGREEWORKS_TOKEN: '' })).toThrow(/DEGREEWORKS_TOKEN/);
    expect(() => loadConfig({ ...DW, DEGREEWORKS_TOKEN_FILE: '/nonexistent' })).toThrow(
      /DEGREEWORKS_TOKEN and DEGREEWORKS_TOKEN_FILE/,
    );
  });

  it('refuses plain http to another host, and DEGREEWORKS_* beside DEGREE_SOURCE=sis', () => {
    expect(() => loadConfig({ ...DW, DEGREEWORKS_URL: 'http://dw.example.edu/api' })).toThrow(
      /DEGREEWORKS_URL: must be https/,
    );
    expect(() => loadConfig({ DEGREEWORKS_URL: DW.DEGREEWORKS_URL })).toThrow(
      /DEGREEWORKS_\* settings are for DEGREE_SOURCE=degreeworks/,
    );
    expect(() =>
      loadConfig({ ...DW, DEGREEWORKS_WHAT_IF_URL: 'http://dw.example.edu/wi' }),
    ).toThrow(/DEGREEWORKS_WHAT_IF_URL/);
  });

  it('reads the token from its file, keeps it secret, and wraps the SIS adapter', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dw-'));
    const file = path.join(dir, 'token');
    writeFileSync(file, 'from-a-file\n');
    const config = loadConfig({ ...DW, DEGREEWORKS_TOKEN: '', DEGREEWORKS_TOKEN_FILE: file });
    const degree = config.sis.degree;
    if (degree.source !== 'degreeworks') throw new Error('degreeworks chosen');
    expect(degree.auth.mode === 'service' && degree.auth.token.reveal()).toBe('from-a-file');
    expect(JSON.stringify(config.sis)).not.toContain('from-a-file');
    expect(degree).toMatchObject({
      url: 'https://dw.example.edu/responsiveDashboard/api',
      school: 'UG',
      whatIfUrl: null,
    });
    const sis = openSis(config);
    expect(sis).toBeInstanceOf(DegreeWorksSource);
    expect((sis as DegreeWorksSource).sis).toBeInstanceOf(SampleSis);
  });

  it('the start-up report names DegreeWorks, never its token; a placeholder token is refused by the pre-flight', () => {
    const config = loadConfig({ ...DW, DEGREEWORKS_TOKEN: 'CHANGE-ME' });
    const sis = startupReport(config).lines.find((l) => l.includes('SIS:'));
    expect(sis).toMatch(/degree progress from DegreeWorks at https:\/\/dw\.example\.edu/);
    expect(sis).not.toContain('CHANGE-ME');
    expect(placeholderSecrets(config).map((l) => l.component)).toContain('DEGREEWORKS_TOKEN');
    expect(startupReport(loadConfig({})).lines.join('\n')).not.toContain('DegreeWorks');
  });

  it("DEGREEWORKS_AUTH=student relays the student's token: no service token beside it, an audience only with it, OIDC in production, one audience with PeopleSoft's", () => {
    const student = { ...DW, DEGREEWORKS_TOKEN: '', DEGREEWORKS_AUTH: 'student' };
    const config = loadConfig({ ...student, DEGREEWORKS_TOKEN_AUDIENCE: 'https://dw.example.edu' });
    expect(config.sis.degree).toMatchObject({
      auth: { mode: 'student', tokenAudience: 'https://dw.example.edu' },
    });
    expect(startupReport(config).lines.join('\n')).toContain("the student's own token");
    expect(placeholderSecrets(config).map((l) => l.component)).not.toContain('DEGREEWORKS_TOKEN');
    expect(() => loadConfig({ ...student, DEGREEWORKS_TOKEN: 'service-token-1' })).toThrow(
      /DEGREEWORKS_AUTH=student relays the student's own token/,
    );
    expect(() =>
      loadConfig({ ...DW, DEGREEWORKS_TOKEN_AUDIENCE: 'https://dw.example.edu' }),
    ).toThrow(/DEGREEWORKS_TOKEN_AUDIENCE is for DEGREEWORKS_AUTH=student/);
    expect(() => loadConfig({ DEGREEWORKS_AUTH: 'student' })).toThrow(
      /DEGREEWORKS_\* settings are for DEGREE_SOURCE=degreeworks/,
    );
    // The demo sign-in (or SAML) gives no token to relay.
    expect(() => loadConfig({ ...student, NODE_ENV: 'production', DEMO_SIGN_IN: '1' })).toThrow(
      "DEGREEWORKS_AUTH=student reads DegreeWorks with the signed-in student's own token",
    );
    // One token is kept for a sign-in: PeopleSoft and DegreeWorks read as the student accept one.
    const peoplesoft = {
      SIS_ADAPTER: 'peoplesoft',
      PEOPLESOFT_BASE_URL: 'https://cs.example.edu/PSIGW/RESTListeningConnector/PSFT_CS',
      PEOPLESOFT_TOKEN_AUDIENCE: 'https://cs.example.edu/psft',
    };
    expect(() =>
      loadConfig({
        ...student,
        ...peoplesoft,
        DEGREEWORKS_TOKEN_AUDIENCE: 'https://dw.example.edu',
      }),
    ).toThrow('PEOPLESOFT_TOKEN_AUDIENCE and DEGREEWORKS_TOKEN_AUDIENCE must be the same');
    expect(
      loadConfig({
        ...student,
        ...peoplesoft,
        DEGREEWORKS_TOKEN_AUDIENCE: 'https://cs.example.edu/psft',
      }).sis.degree,
    ).toMatchObject({ auth: { mode: 'student' } });
  });
});
