import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { campusConfigSchema, defaultCampusConfig } from '../../contract/campus-config.schema.js';
import { campusIn } from '../../contract/campus-in.js';
import { CAMPUS_LINKS_MAX, defaultCampus, VIDEO_HOSTS_MAX } from '../../contract/campus.schema.js';
import { SAMPLE_BUILDINGS } from '../../contract/sample-buildings.js';
import { SAMPLE_HOLIDAYS } from '../../contract/sample-holidays.js';
import { ConfigError, loadConfig } from '../../server/config.js';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
const file = (name: string, text: string) => {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
};

describe('configuration files', () => {
  it('uses the placeholder campus without CAMPUS_CONFIG', () => {
    const config = loadConfig({});
    // The safety number's label is written by the phone rule at start-up.
    const safety = { ...defaultCampus.safety, phoneLabel: '(503) 555-0123' };
    // Beside the campus every reader gets, what only the server reads (the sample campus's).
    const { lms, campusGroups, reminders, appointments, push, maps, degreeProgress } =
      defaultCampusConfig;
    // The sample campus's buildings (issue 89), each with its place on OpenStreetMap.
    const { buildings } = campusIn(campusConfigSchema.parse({ buildings: SAMPLE_BUILDINGS }), 'en');
    expect(buildings).toHaveLength(12);
    expect(config.campus).toEqual({
      ...defaultCampus,
      safety,
      holidays: SAMPLE_HOLIDAYS,
      ...{ lms, campusGroups, reminders, appointments, push, maps, degreeProgress, buildings },
    });
    expect(config.campus.ssoName).toBe('Odin');
  });

  it('reads CAMPUS_CONFIG and keeps the defaults for what the file leaves out', () => {
    const campusFile = file(
      'campus.json',
      JSON.stringify({ ssoName: 'Owl', safety: { phone: '+15035551111' } }),
    );
    const { campus } = loadConfig({ CAMPUS_CONFIG: campusFile });
    expect(campus.ssoName).toBe('Owl');
    expect(campus.safety.phone).toBe('+15035551111');
    expect(campus.safety.phoneLabel).toBe('(503) 555-1111');
    expect(campus.safety.emergencyProcedures).toBe(defaultCampus.safety.emergencyProcedures);
    expect(campus.schoolTools).toEqual(defaultCampus.schoolTools);
  });

  it("lists the sample campus's holidays without CAMPUS_CONFIG, and only the file's own with it", () => {
    expect(loadConfig({}).campus.holidays).toEqual(SAMPLE_HOLIDAYS);
    const none = file('no-holidays.json', JSON.stringify({ ssoName: 'Owl' }));
    expect(loadConfig({ CAMPUS_CONFIG: none }).campus.holidays).toEqual([]);
    const own = [{ name: 'Founders Day', date: '2026-10-02' }];
    const listed = file('holidays.json', JSON.stringify({ holidays: own }));
    expect(loadConfig({ CAMPUS_CONFIG: listed }).campus.holidays).toEqual(own);
  });

  it('refuses a holiday break that ends before it starts, or a date that is not one, naming the field', () => {
    const backwards = file(
      'backwards.json',
      JSON.stringify({ holidays: [{ name: 'Break', date: '2026-12-10', through: '2026-12-01' }] }),
    );
    expect(() => loadConfig({ CAMPUS_CONFIG: backwards })).toThrow(
      /CAMPUS_CONFIG holidays\.0\.through: before its date/,
    );
    const notADate = file(
      'not-a-date.json',
      JSON.stringify({ holidays: [{ name: 'X', date: '2026-13-01' }] }),
    );
    expect(() => loadConfig({ CAMPUS_CONFIG: notADate })).toThrow(
      /CAMPUS_CONFIG holidays\.0\.date/,
    );
  });

  it('refuses a phone country the phone rule does not know, naming the field', () => {
    const bad = file('country.json', JSON.stringify({ phone: { defaultCountry: 'XX' } }));
    expect(() => loadConfig({ CAMPUS_CONFIG: bad })).toThrow(/phone\.defaultCountry/);
  });

  it('names CAMPUS_CONFIG and the field when the file has a bad value', () => {
    const bad = file('bad.json', JSON.stringify({ links: { privacy: 'not a url' } }));
    expect(() => loadConfig({ CAMPUS_CONFIG: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ CAMPUS_CONFIG: bad })).toThrow(/CAMPUS_CONFIG links\.privacy/);
  });

  it('issue 87: refuses at start a campus list over its ceiling, naming the field', () => {
    const link = (n: number) => ({ label: `Tool ${n}`, url: `https://t${n}.campus.example.edu/` });
    const links = (count: number) => Array.from({ length: count }, (_, n) => link(n));
    const atMost = file('links-max.json', JSON.stringify({ schoolTools: links(CAMPUS_LINKS_MAX) }));
    expect(loadConfig({ CAMPUS_CONFIG: atMost }).campus.schoolTools).toHaveLength(CAMPUS_LINKS_MAX);
    for (const field of ['schoolTools', 'supportAndHelp', 'eventSites']) {
      const over = file(`${field}.json`, JSON.stringify({ [field]: links(CAMPUS_LINKS_MAX + 1) }));
      expect(() => loadConfig({ CAMPUS_CONFIG: over })).toThrow(
        new RegExp(`CAMPUS_CONFIG ${field}: Too big`, 'i'),
      );
    }
    const employee = { academics: { employeeLinks: links(CAMPUS_LINKS_MAX + 1) } };
    expect(() =>
      loadConfig({ CAMPUS_CONFIG: file('employee.json', JSON.stringify(employee)) }),
    ).toThrow(/CAMPUS_CONFIG academics\.employeeLinks/);
    const hosts = Array.from(
      { length: VIDEO_HOSTS_MAX + 1 },
      (_, n) => `https://v${n}.example.com`,
    );
    expect(() =>
      loadConfig({ CAMPUS_CONFIG: file('video.json', JSON.stringify({ videoHosts: hosts })) }),
    ).toThrow(/CAMPUS_CONFIG videoHosts/);
  });

  it('issue 92: reads the offices’ appointment calendars (15 minutes by default), each office once, each address https (http only to loopback), naming the field and never the address', () => {
    const calendars = (list: unknown[]) =>
      file('calendars.json', JSON.stringify({ appointments: { calendars: list } }));
    const secret = 'https://starfish.example.edu/ical/office/s3cr3t-token.ics';
    const { campus } = loadConfig({
      CAMPUS_CONFIG: calendars([
        { office: 'Advising Center', url: secret },
        { office: 'Tutoring', url: 'http://127.0.0.1:8123/t.ics', refreshMinutes: 30 },
      ]),
    });
    expect(campus.appointments.calendars).toEqual([
      { office: 'Advising Center', url: secret, refreshMinutes: 15 },
      { office: 'Tutoring', url: 'http://127.0.0.1:8123/t.ics', refreshMinutes: 30 },
    ]);
    expect(defaultCampusConfig.appointments).toEqual({ calendars: [] });
    const refused = (list: unknown[], field: RegExp) => {
      const load = () => loadConfig({ CAMPUS_CONFIG: calendars(list) });
      expect(load).toThrow(field);
      expect(load).not.toThrow(/s3cr3t/);
    };
    const plain = 'http://starfish.example.edu/ical/s3cr3t.ics';
    refused([{ office: 'Advising', url: plain }], /appointments\.calendars\.0\.url: must be https/);
    const withUser = 'https://me:s3cr3t@starfish.example.edu/a.ics';
    refused([{ office: 'Advising', url: withUser }], /appointments\.calendars\.0\.url/);
    refused([{ office: 'Advising', url: 'ftp://s3cr3t' }], /appointments\.calendars\.0\.url/);
    refused(
      [{ office: 'Advising', url: secret, refreshMinutes: 4 }],
      /appointments\.calendars\.0\.refreshMinutes/,
    );
    refused(
      [
        { office: 'Advising Center', url: secret },
        { office: 'advising center', url: secret },
      ],
      /appointments\.calendars: each office once/,
    );
    const many = Array.from({ length: 51 }, (_, n) => ({ office: `Office ${n}`, url: secret }));
    refused(many, /appointments\.calendars: Too big/i);
  });

  it('names CAMPUS_CONFIG when the file is missing or not JSON', () => {
    expect(() => loadConfig({ CAMPUS_CONFIG: path.join(dir, 'nope.json') })).toThrow(
      /CAMPUS_CONFIG: cannot read/,
    );
    expect(() => loadConfig({ CAMPUS_CONFIG: file('broken.json', '{') })).toThrow(
      /CAMPUS_CONFIG: cannot read/,
    );
  });

  it('takes the build hash from BUILD_HASH, else from the build stamp, else "dev"', () => {
    const stamp = file('build.json', JSON.stringify({ hash: 'abc1234', builtAt: 'x' }));
    expect(loadConfig({ BUILD_HASH: 'f00ba47' }, { buildStamp: stamp }).buildHash).toBe('f00ba47');
    expect(loadConfig({}, { buildStamp: stamp }).buildHash).toBe('abc1234');
    expect(loadConfig({}, { buildStamp: path.join(dir, 'none.json') }).buildHash).toBe('dev');
  });

  it('turns maintenance on with MAINTENANCE=1 and leaves it off by default', () => {
    expect(loadConfig({}).maintenance).toBe(false);
    expect(loadConfig({ MAINTENANCE: '1' }).maintenance).toBe(true);
    expect(() => loadConfig({ MAINTENANCE: 'yes' })).toThrow(/MAINTENANCE/);
  });
});
