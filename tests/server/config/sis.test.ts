import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { startupReport } from '../../../server/startup-report.js';

const KEY = 'ethos-key-0123456789abcdef';
const ethos = { SIS_ADAPTER: 'ethos', ETHOS_API_KEY: KEY };

describe('SIS_ADAPTER and the Ethos settings', () => {
  it('unset SIS_ADAPTER keeps the old rule: http when SIS_BASE_URL is set, else sample', () => {
    expect(loadConfig({}).sis.adapter).toBe('sample');
    expect(loadConfig({ SIS_BASE_URL: 'https://sis.example.edu' }).sis.adapter).toBe('http');
  });

  it('SIS_ADAPTER=ethos gives the Ethos settings with their defaults', () => {
    const { sis } = loadConfig(ethos);
    expect(sis.adapter).toBe('ethos');
    expect(sis.ethos).toMatchObject({
      baseUrl: 'https://integrate.elluciancloud.com',
      personCredential: 'bannerUserName',
      idCredential: 'bannerId',
      consume: false,
    });
    expect(sis.ethos?.apiKey.reveal()).toBe(KEY);
  });

  it('ETHOS_BASE_URL: any https host (the regional ones), plain http only to a loopback host', () => {
    for (const ok of ['https://integrate.elluciancloud.ca', 'http://127.0.0.1:4010']) {
      expect(loadConfig({ ...ethos, ETHOS_BASE_URL: ok }).sis.ethos?.baseUrl).toBe(ok);
    }
    expect(() => loadConfig({ ...ethos, ETHOS_BASE_URL: 'http://ethos.example.edu' })).toThrow(
      /ETHOS_BASE_URL/,
    );
  });

  it('refuses a half configuration', () => {
    expect(() => loadConfig({ SIS_ADAPTER: 'ethos' })).toThrow(/needs ETHOS_API_KEY/);
    expect(() => loadConfig({ SIS_ADAPTER: 'http' })).toThrow(/needs SIS_BASE_URL/);
    expect(() => loadConfig({ ETHOS_API_KEY: KEY })).toThrow(/ethos adapter's/);
    expect(() => loadConfig({ ETHOS_CONSUME: '1' })).toThrow(/ethos adapter's/);
    expect(() => loadConfig({ ...ethos, SIS_BASE_URL: 'https://sis.example.edu' })).toThrow(
      /http adapter's/,
    );
    expect(() => loadConfig({ ...ethos, ETHOS_API_KEY_FILE: '/nowhere' })).toThrow(/not both/);
  });

  it('reads the key from ETHOS_API_KEY_FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ethos-key-'));
    const file = path.join(dir, 'key');
    writeFileSync(file, `${KEY}\n`);
    const { sis } = loadConfig({ SIS_ADAPTER: 'ethos', ETHOS_API_KEY_FILE: file });
    expect(sis.ethos?.apiKey.reveal()).toBe(KEY);
    expect(() =>
      loadConfig({ SIS_ADAPTER: 'ethos', ETHOS_API_KEY_FILE: path.join(dir, 'none') }),
    ).toThrow(/cannot read/);
  });

  it('the start-up report names the adapter, and neither it nor the config as JSON holds the key', () => {
    const config = loadConfig({ ...ethos, ETHOS_CONSUME: '1' });
    const report = startupReport(config).lines.join('\n');
    expect(report).toMatch(/SIS: +Ellucian Ethos at https:\/\/integrate\.elluciancloud\.com/);
    expect(report).toContain('change notifications consumed');
    expect(report).not.toContain(KEY);
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(String(config.sis.ethos?.apiKey)).not.toContain(KEY);
    expect(startupReport(loadConfig({})).lines.join('\n')).toMatch(/SIS_ADAPTER=sample/);
  });

  it('the campus configuration overrides a resource version and the hold category table', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campus-'));
    const file = path.join(dir, 'campus.json');
    const holdCategories = {
      financial: { office: 'SA', officeDescription: 'Student Accounts', processes: ['Grades'] },
    };
    writeFileSync(
      file,
      JSON.stringify({ sis: { ethos: { versions: { persons: 8 }, holdCategories } } }),
    );
    const config = loadConfig({ CAMPUS_CONFIG: file });
    expect(config.campusSis.ethos.versions).toEqual({ persons: 8 });
    expect(config.campusSis.ethos.holdCategories).toEqual(holdCategories);
    writeFileSync(file, JSON.stringify({ sis: { ethos: { versions: { widgets: 1 } } } }));
    expect(() => loadConfig({ CAMPUS_CONFIG: file })).toThrow(/sis\.ethos\.versions/);
  });

  it("the campus configuration corrects the PeopleSoft student account's mapping field by field, checked at start-up", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campus-'));
    const file = path.join(dir, 'campus.json');
    const due = { path: 'SSF_ACCT_DUE.ITEM_AMT', source: 'our message' };
    writeFileSync(
      file,
      JSON.stringify({ sis: { peoplesoft: { studentAccount: { CHARGES_AMOUNT_DUE: due } } } }),
    );
    const map = loadConfig({ CAMPUS_CONFIG: file }).campusSis.peoplesoft.studentAccount;
    expect(map.CHARGES_AMOUNT_DUE).toEqual(due);
    expect(map.CHARGES_BALANCE.path).toBe('SSF_OVERALL_ACTBAL');
    expect(loadConfig({}).campusSis.peoplesoft.studentAccount.CHARGES_AMOUNT_DUE.path).toBe(
      'SSF_CHARGES_DUE.ITEM_AMT',
    );
    writeFileSync(
      file,
      JSON.stringify({ sis: { peoplesoft: { studentAccount: { BALANCE: { path: 'X' } } } } }),
    );
    expect(() => loadConfig({ CAMPUS_CONFIG: file })).toThrow(/sis\.peoplesoft\.studentAccount/);
    writeFileSync(
      file,
      JSON.stringify({
        sis: { peoplesoft: { studentAccount: { CHARGES_BALANCE: { path: 'A/B' } } } },
      }),
    );
    expect(() => loadConfig({ CAMPUS_CONFIG: file })).toThrow(/CHARGES_BALANCE\.path/);
  });
});
