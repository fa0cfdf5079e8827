import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCampusConfigs } from '../../../server/config/campus.js';

/** A CAMPUS_CONFIG file whose `academics` is `academics`. */
function campusWith(academics: unknown) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-booking-')), 'campus.json');
  writeFileSync(file, JSON.stringify({ academics }));
  return file;
}

describe("the campus's advisor booking template, academics.advisingBooking (issue 92)", () => {
  it('reaches the browser in both languages as written, {email} left for the page to fill', () => {
    const template = 'https://navigate.example.edu/book?advisor={email}';
    const campuses = readCampusConfigs(campusWith({ advisingBooking: template }));
    expect(campuses.en.academics.advisingBooking).toBe(template);
    expect(campuses.es.academics.advisingBooking).toBe(template);
  });

  it('is optional: without it, none (no "Book with my advisor")', () => {
    expect(readCampusConfigs(undefined).en.academics.advisingBooking).toBeUndefined();
    expect(readCampusConfigs(campusWith({})).en.academics.advisingBooking).toBeUndefined();
  });

  it('refuses at start-up a template without {email}, or one that is not an https address', () => {
    expect(() =>
      readCampusConfigs(campusWith({ advisingBooking: 'https://navigate.example.edu/book' })),
    ).toThrow(/CAMPUS_CONFIG academics\.advisingBooking: names \{email\}/);
    expect(() =>
      readCampusConfigs(campusWith({ advisingBooking: 'http://navigate.example.edu/{email}' })),
    ).toThrow(/CAMPUS_CONFIG academics\.advisingBooking/);
  });
});
