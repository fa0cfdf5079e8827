import { describe, expect, it } from 'vitest';
import { alertsInFoldOrder } from '../../src/lib/alert-fold.js';
import type { AlertSeverity } from '../../contract/alerts.schema.js';

const alert = (id: string, severity: AlertSeverity, pubDate: string) => ({ id, severity, pubDate });

describe('the order live alerts fold in (issue 57)', () => {
  it('an active emergency is never folded behind a newer all-clear: alerts fold by severity, then date', () => {
    const order = alertsInFoldOrder([
      alert('all-clear', 'all-clear', '2026-11-26T10:00:00Z'),
      alert('test', 'test', '2026-11-26T09:30:00Z'),
      alert('older emergency', 'emergency', '2026-11-25T08:00:00Z'),
      alert('advisory', 'advisory', '2026-11-26T09:45:00Z'),
      alert('newer emergency', 'emergency', '2026-11-26T08:00:00Z'),
    ]).map((a) => a.id);
    expect(order).toEqual(['newer emergency', 'older emergency', 'advisory', 'all-clear', 'test']);
  });

  it('alerts of one severity show newest first, and the list given is left as it was', () => {
    const given = [
      alert('old', 'advisory', '2026-11-24T10:00:00Z'),
      alert('new', 'advisory', '2026-11-26T10:00:00Z'),
    ];
    expect(alertsInFoldOrder(given).map((a) => a.id)).toEqual(['new', 'old']);
    expect(given.map((a) => a.id)).toEqual(['old', 'new']);
  });
});
