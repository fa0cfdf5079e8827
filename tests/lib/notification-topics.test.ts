import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import { topicName } from '../../src/lib/notification-topics.js';

afterEach(() => activateLocale('en'));

describe('notification topic names on Account and in Next Steps’ preferences (issue 76)', () => {
  it('the topics the portal ships are named in Spanish in Spanish, not "Messages from the university"', async () => {
    await activateLocale('es');
    expect(topicName(i18n, 'Messages from the university')).toEqual({
      text: 'Mensajes de la universidad',
    });
    expect(topicName(i18n, 'Deadline alerts')).toEqual({ text: 'Avisos de fechas límite' });
    expect(topicName(i18n, 'Coursework due dates')).toEqual({
      text: 'Fechas de entrega de cursos',
    });
    // The record-changes topic (migration 044) as the change messages themselves name it.
    expect(topicName(i18n, 'Changes to your record')).toEqual({
      text: 'Cambios en su expediente',
    });
    // The appointment reminders' topic (issue 92, migration 056).
    expect(topicName(i18n, 'Appointment reminders')).toEqual({ text: 'Recordatorios de citas' });
  });

  it('a topic staff named themselves stays as written, marked English in Spanish only', async () => {
    expect(topicName(i18n, 'Parking news')).toEqual({ text: 'Parking news' });
    await activateLocale('es');
    expect(topicName(i18n, 'Parking news')).toEqual({ text: 'Parking news', lang: 'en' });
    expect(topicName(i18n, 'toString')).toEqual({ text: 'toString', lang: 'en' });
  });
});
