/**
 * A university-sized iCalendar document of `events` one-off events from `from` on, each with a
 * title and location (about 150 bytes each: 14,000 events make 2 MB, as a real campus calendar of
 * 18,000 terser events does), every tenth one a weekly series.
 */
export function bigCalendar(events: number, from = new Date('2026-11-01T17:00:00Z')): string {
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Campus//Events//EN'];
  for (let i = 0; i < events; i += 1) {
    const start = from.getTime() + (i % 400) * 86_400_000 + (i % 9) * 3_600_000;
    lines.push(
      'BEGIN:VEVENT',
      `UID:e${i}@events.campus.example.edu`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 5_400_000)}`,
      ...(i % 10 === 0 ? ['RRULE:FREQ=WEEKLY;UNTIL=20271231T000000Z'] : []),
      `SUMMARY:Seminar ${i}`,
      `LOCATION:Cramer Hall ${100 + (i % 300)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
