import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResult } from '../../../../src/api/user.js';
import { selectApiErrors } from '../../../../src/machines/app.machine.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { failing, studentAnswers, stubApi, warning } from '../fake-academics-api.js';
import type { Answer } from '../fake-academics-api.js';
import type * as RevealModule from '../../../../src/machines/reveal.machine.js';

// As academics.test.tsx: the attendance warnings' patience held, so only the order is tested.
vi.mock('../../../../src/machines/reveal.machine.js', async (importOriginal) => {
  const real = await importOriginal<typeof RevealModule>();
  return { ...real, revealMachine: real.revealMachine.provide({ delays: { patience: 60_000 } }) };
});

const READ = '/api/integrations/finti/degree-progress';
const asStudent = async (): Promise<UserResult> => ({ kind: 'user', user: student });
const degree = () => screen.findByRole('region', { name: 'Degree progress' }, { timeout: 10_000 });

function open(changes: Record<string, Answer> = {}) {
  const answers = { ...studentAnswers(), ...changes };
  stubApi(answers);
  return { ...renderPortal('/academics', asStudent), answers };
}

describe('Academics → Degree progress (issue 92)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the sample student’s audit: both percentages as text, still needed first', async () => {
    open();
    const section = await degree();
    expect(await within(section).findByText('38%')).toBeVisible();
    expect(within(section).getByText('45%')).toBeVisible();
    expect(within(section).getByText('3 more courses from: CS 250, CS 251, CS 300')).toBeVisible();
    const major = within(section).getByRole('region', { name: /Computer Science/ });
    const text = major.textContent;
    expect(text.indexOf('Core')).toBeLessThan(text.indexOf('Introductory sequence'));
    const blocks = within(section).getAllByRole('heading', { level: 3 });
    expect(blocks.at(-1)).toHaveTextContent('Courses not applied');
  });

  it('its own loading state while the audit is under way', async () => {
    open({ [READ]: 'hang' });
    const section = await degree();
    expect(within(section).getByRole('status')).toHaveTextContent('Loading degree progress');
  });

  it('a failing audit fails this section only, with the usual error and a retry that loads it', async () => {
    const { app, answers } = open({ [READ]: failing });
    const section = await degree();
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    expect(within(section).getByText('Error retrieving info')).toBeVisible();
    expect(await screen.findByText('Linh Nguyen')).toBeInTheDocument();
    await waitFor(() =>
      expect(selectApiErrors(app.getSnapshot()).map((e) => e.component)).toEqual([
        'degree-progress',
      ]),
    );
    answers[READ] = studentAnswers()[READ] ?? failing;
    await userEvent.setup().click(retry);
    expect(await within(section).findByText('38%')).toBeVisible();
  });

  it('a Warning answer (no audit on record) shows the empty text', async () => {
    open({ [READ]: warning });
    const section = await degree();
    expect(
      await within(section).findByText('No degree audit is on record for you yet.'),
    ).toBeVisible();
  });
});
