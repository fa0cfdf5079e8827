import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCampus, siteSchema } from '../../../../contract/campus.schema.js';
import { readCampusConfigs } from '../../../../server/config/campus.js';
import { createTestApp } from '../../helpers/app.js';
import { SAMPLE_HOLIDAYS } from '../../../../contract/sample-holidays.js';

describe('GET /api/campus', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('answers the campus configuration and the build hash without sign-in', async () => {
    app = await createTestApp({ env: { BUILD_HASH: '1a2b3c4' } });
    const response = await app.inject({ url: '/api/campus' });
    expect(response.statusCode).toBe(200);
    const safety = { ...defaultCampus.safety, phoneLabel: '(503) 555-0123' };
    expect(siteSchema.parse(response.json())).toEqual({
      // Without CAMPUS_CONFIG, the sample campus's holidays (server/config/campus.ts).
      campus: { ...defaultCampus, safety, holidays: SAMPLE_HOLIDAYS },
      build: '1a2b3c4',
    });
  });

  it('serves what CAMPUS_CONFIG configures', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
    writeFileSync(file, JSON.stringify({ ssoName: 'Owl' }));
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    const site = siteSchema.parse((await app.inject({ url: '/api/campus' })).json());
    expect(site.campus.ssoName).toBe('Owl');
  });

  describe('texts per language (issue 59)', () => {
    const spanishCampus = () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
      writeFileSync(
        file,
        JSON.stringify({
          productName: { en: 'Owl Portal', es: 'Portal Búho' },
          universityName: { en: 'Owl University' },
          schoolTools: [
            { label: { en: 'Library', es: 'Biblioteca' }, url: 'https://library.owl.edu/' },
            { label: 'Canvas', url: 'https://canvas.owl.edu/' },
          ],
          safety: { phoneLabel: { en: 'Campus police', es: 'Policía del campus' } },
        }),
      );
      return file;
    };
    const campusOf = async (url: string, headers: Record<string, string> = {}) =>
      siteSchema.parse((await app.inject({ url, headers })).json()).campus;

    it('answers the Spanish texts to the language the portal asks for, and the English to English', async () => {
      app = await createTestApp({ env: { CAMPUS_CONFIG: spanishCampus() } });
      const es = await campusOf('/api/campus?language=es');
      expect(es.productName).toBe('Portal Búho');
      expect(es.schoolTools.map((tool) => tool.label)).toEqual(['Biblioteca', 'Canvas']);
      expect(es.safety.phoneLabel).toBe('Policía del campus');
      const en = await campusOf('/api/campus?language=en', { 'accept-language': 'es' });
      expect(en.productName).toBe('Owl Portal');
      expect(en.schoolTools.map((tool) => tool.label)).toEqual(['Library', 'Canvas']);
    });

    it('without a language asked for, answers the browser’s Accept-Language', async () => {
      app = await createTestApp({ env: { CAMPUS_CONFIG: spanishCampus() } });
      expect(
        (await campusOf('/api/campus', { 'accept-language': 'es-MX,es;q=0.9' })).productName,
      ).toBe('Portal Búho');
      expect((await campusOf('/api/campus', { 'accept-language': 'fr' })).productName).toBe(
        'Owl Portal',
      );
    });

    it('a text without a Spanish version reads in English to a Spanish reader', async () => {
      app = await createTestApp({ env: { CAMPUS_CONFIG: spanishCampus() } });
      expect((await campusOf('/api/campus?language=es')).universityName).toBe('Owl University');
    });

    it('issue 76: a link label left in English is marked lang "en" for a Spanish reader, never for an English one', async () => {
      app = await createTestApp({ env: { CAMPUS_CONFIG: spanishCampus() } });
      const es = await campusOf('/api/campus?language=es');
      expect(es.schoolTools.map((tool) => [tool.label, tool.lang])).toEqual([
        ['Biblioteca', undefined],
        ['Canvas', 'en'],
      ]);
      expect(es.supportAndHelp.every((link) => link.lang === 'en')).toBe(true);
      expect(es.academics.employeeLinks.every((link) => link.lang === 'en')).toBe(true);
      const en = await campusOf('/api/campus?language=en');
      expect(en.schoolTools.some((tool) => tool.lang !== undefined)).toBe(false);
    });

    it('issue 76: the campus names record values in Spanish (recordNames): a Spanish reader gets them, a tool label takes its name, an English reader none', async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
      writeFileSync(
        file,
        JSON.stringify({
          schoolTools: [{ label: 'Library', url: 'https://library.owl.edu/' }],
          recordNames: {
            'Computer Science': { es: 'Ciencias de la Computación' },
            Library: { es: 'Biblioteca' },
            'Advising Hold': {},
          },
        }),
      );
      app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
      const es = await campusOf('/api/campus?language=es');
      expect(es.recordNames).toEqual({
        'Computer Science': 'Ciencias de la Computación',
        Library: 'Biblioteca',
      });
      expect(es.schoolTools).toEqual([{ label: 'Biblioteca', url: 'https://library.owl.edu/' }]);
      expect((await campusOf('/api/campus?language=en')).recordNames).toEqual({});
    });

    it('issue 76: the sample campus (no CAMPUS_CONFIG) names a few of its records in Spanish', async () => {
      app = await createTestApp();
      const es = await campusOf('/api/campus?language=es');
      expect(es.recordNames['Registration Hold']).toBe('Retención de inscripción');
      expect(es.recordNames['Computer Science']).toBe('Ciencias de la Computación');
      expect(es.schoolTools.find((tool) => tool.url.includes('library'))).toMatchObject({
        label: 'Biblioteca',
      });
    });

    it('refuses a per-language text without its English at start-up', async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
      writeFileSync(file, JSON.stringify({ productName: { es: 'Portal Búho' } }));
      expect(() => readCampusConfigs(file)).toThrow(/CAMPUS_CONFIG productName/);
    });
  });
});
