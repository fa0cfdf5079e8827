import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coursework } from '../../../../contract/coursework.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { renderNextSteps } from '../../../routes/next-steps/render-next-steps.js';

afterEach(() => act(() => activateLocale('en')));

const noCoursework: Coursework = {
  feed: {
    state: 'connected',
    masked: 'https://canvas.campus.example.edu/…k3Yz',
    source: 'canvas',
    status: 'current',
    read_at: '2026-10-25T12:00:00.000Z',
  },
  items: [],
};
const courseworkEffects = {
  fetch: async () => noCoursework,
  setDone: async () => noCoursework,
};

describe('the Next Steps list follows a change of language while it is shown (issue 59)', () => {
  it('its heading, empty text and page title read in Spanish at once, without a remount', async () => {
    renderNextSteps('/next-steps/task', []);
    await screen.findByText('You have no tasks coming up soon.');
    expect(screen.getByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
    await act(() => activateLocale('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Próximas' })).toBeInTheDocument();
    expect(screen.getByText('No tiene tareas próximas.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Próximas · Próximos pasos'));
  });

  it('the loading labels of the list and of the task read in Spanish at once, without a remount', async () => {
    renderNextSteps('/next-steps/task/1', [], { holdTasks: true });
    await screen.findByText('Loading the task…');
    expect(screen.getByText('Loading your tasks…')).toBeInTheDocument();
    await act(() => activateLocale('es'));
    expect(screen.getByText('Cargando la tarea…')).toBeInTheDocument();
    expect(screen.getByText('Cargando sus tareas…')).toBeInTheDocument();
  });

  it('the Coursework category’s empty text reads in Spanish at once, without a remount', async () => {
    renderNextSteps('/next-steps/task?category=coursework&show=overdue', [], {
      coursework: courseworkEffects,
    });
    await screen.findByText('No overdue tasks right now.');
    await act(() => activateLocale('es'));
    expect(screen.getByText('No hay tareas vencidas en este momento.')).toBeInTheDocument();
  });
});
