import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  studentTypeListSchema,
  userStudentTypesListSchema,
} from '../../../../contract/next-steps/choices.schema.js';
import { myNextStepsTaskListSchema } from '../../../../contract/next-steps/mynextsteps.schema.js';
import { nextStepsUserListSchema } from '../../../../contract/next-steps/user.schema.js';
import type { SisAnswer, SisEndpoint } from '../../../../server/sis/endpoints.js';
import type { SisPerson } from '../../../../server/sis/port.js';
import { SisError, SisNotFoundError } from '../../../../server/sis/port.js';
import { DEMO_COOKIE } from '../../../../server/demo/demo-mode.js';
import { csrfFor } from '../../../../server/plugins/app/session.js';
import { userTaskListSchema } from '../../../../contract/next-steps/task.schema.js';
import { SampleSis } from '../../../../server/sis/sample-adapter.js';
import { SIGN_IN_WAIT_MS } from '../../../../server/plugins/app/next-steps.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { NOW, api, as, nextStepsApp } from './helpers.js';

/** The names of the person's ticked student types. */
async function affiliations(person: Awaited<ReturnType<typeof as>>): Promise<string[]> {
  const types = studentTypeListSchema.parse((await person.get('student_types/')).json());
  const [mine] = userStudentTypesListSchema.parse((await person.get('user_student_types/')).json());
  return types.filter((t) => mine!.student_types.includes(t.id)).map((t) => t.name);
}

describe('Next Steps for everyone (issue #28)', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it.each(['staff', 'faculty', 'advisor', 'emeritus'] as const)(
    'an employee with no student role (%s) gets no student tasks: no FAFSA, no immunisation, nothing overdue, and no checklist',
    async (persona) => {
      const employee = await as(app, persona);
      expect(await employee.tasks()).toEqual([]);
      const block = await app.inject({
        url: '/api/integrations/mynextsteps/tasks',
        headers: { authorization: `Token ${employee.token}` },
      });
      expect(myNextStepsTaskListSchema.parse(block.json())).toEqual([]);
      const user = await app.inject({ url: api('user/'), headers: { cookie: employee.cookie } });
      expect(nextStepsUserListSchema.parse(user.json())[0]!.has_checklist).toBe(false);
    },
  );

  it('in demo mode too, staff get no sample student tasks while the student gets them', async () => {
    const demoTitles = async (persona: 'staff' | 'student') => {
      const person = await as(app, persona);
      const sessionId = person.cookie.split('=')[1] ?? '';
      const started = await app.inject({
        method: 'POST',
        url: '/api/demo-state',
        headers: {
          cookie: `${person.cookie}; portal_csrf=${csrfFor(sessionId)}`,
          'x-csrf-token': csrfFor(sessionId),
        },
        payload: { active: true },
      });
      expect(started.statusCode).toBe(200);
      const answer = await app.inject({
        url: api('user_task/?published=True'),
        headers: {
          authorization: `Token ${person.token}`,
          cookie: `${person.cookie}; ${DEMO_COOKIE}=1`,
        },
      });
      return userTaskListSchema.parse(answer.json()).map((t) => t.task.title);
    };
    expect(await demoTitles('student')).toContain('Demo: submit your FAFSA');
    expect(await demoTitles('staff')).toEqual([]);
  });

  it('a student and a student worker (a student too) get the student tasks and a checklist', async () => {
    for (const persona of ['student', 'student-worker'] as const) {
      const person = await as(app, persona);
      const titles = (await person.tasks()).map((t) => t.task.title);
      expect(titles, persona).toContain('Submit your FAFSA');
      const user = await app.inject({ url: api('user/'), headers: { cookie: person.cookie } });
      expect(nextStepsUserListSchema.parse(user.json())[0]!.has_checklist).toBe(true);
    }
  });

  it('student types come from the student record: the new student is a veteran and a transfer on the first-year checklist, and gets their tasks', async () => {
    const newStudent = await as(app, 'new-student');
    expect(await affiliations(newStudent)).toEqual([
      'Undergraduate',
      'First-Year',
      'Transfer',
      'Veteran',
    ]);
    const titles = (await newStudent.tasks()).map((t) => t.task.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Have your transfer credits evaluated',
        'Certify your veteran education benefits',
        'Pay your tuition deposit',
      ]),
    );
  });

  it('student types come from the student record: the graduate student worker is Graduate, not Undergraduate', async () => {
    const worker = await as(app, 'student-worker');
    expect(await affiliations(worker)).toEqual(['Graduate']);
    const titles = (await worker.tasks()).map((t) => t.task.title);
    expect(titles).toContain('File your graduate program of study');
    expect(titles).not.toContain('Apply for graduation');
  });

  it('an affiliation edit is kept: signing in again does not put the record’s types back', async () => {
    const worker = await as(app, 'student-worker');
    const types = studentTypeListSchema.parse((await worker.get('student_types/')).json());
    const online = types.find((t) => t.name === 'Online Learner')!.id;
    const [mine] = userStudentTypesListSchema.parse(
      (await worker.get('user_student_types/')).json(),
    );
    const saved = await worker.patch(`user_student_types/${mine!.pk}/`, {
      student_types: [online],
    });
    expect(saved.statusCode).toBe(200);
    await signIn(app, 'student-worker');
    expect(await affiliations(worker)).toEqual(['Online Learner']);
  });
});

/** The sample SIS with the academic program unreadable. */
class ProgramDown extends SampleSis {
  override read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    if (endpoint === 'curriculum-info') return Promise.reject(new SisError(endpoint, 'down'));
    return super.read(endpoint, person, term);
  }
}

describe('student types when the student record cannot be read (issue #28)', () => {
  it('a new student still starts on the first-year checklist, anyone else as an undergraduate', async () => {
    const app = await createTestApp({ clock: () => NOW, sis: new ProgramDown() });
    try {
      expect(await affiliations(await as(app, 'new-student'))).toEqual(['First-Year']);
      expect(await affiliations(await as(app, 'student-worker'))).toEqual(['Undergraduate']);
    } finally {
      await app.close();
    }
  });
});

/** The sample SIS with the student record answering only after `ms`. */
class SlowRecord extends SampleSis {
  constructor(private readonly ms: number) {
    super();
  }
  override async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    if (endpoint === 'curriculum-info') await new Promise((r) => setTimeout(r, this.ms));
    return super.read(endpoint, person, term);
  }
}

describe('a first sign-in with a slow student information system (issue #28)', () => {
  it('answers within the sign-in wait, and the task list waits for the records instead of showing none', async () => {
    const app = await createTestApp({
      clock: () => NOW,
      sis: new SlowRecord(SIGN_IN_WAIT_MS + 4_000),
    });
    try {
      const started = performance.now();
      const newStudent = await as(app, 'new-student');
      expect(performance.now() - started).toBeLessThan(SIGN_IN_WAIT_MS + 2_500);
      const titles = (await newStudent.tasks()).map((t) => t.task.title);
      expect(titles).toContain('Certify your veteran education benefits');
    } finally {
      await app.close();
    }
  });
});

/** A student information system with no record of anyone: sign-in lets them in as an unknown person. */
class KnowsNobody extends SampleSis {
  override read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    if (endpoint === 'identity') return Promise.reject(new SisNotFoundError(endpoint, 'unknown'));
    return super.read(endpoint, person, term);
  }
}

describe('a person the SIS does not know (issue 57: unknown people)', () => {
  it('is not given the student checklist: no tasks, no dashboard block, and Next Steps says there is nothing for them', async () => {
    const app = await createTestApp({ clock: () => NOW, sis: new KnowsNobody() });
    try {
      const unknown = await as(app, 'student');
      expect(await unknown.tasks()).toEqual([]);
      const block = await app.inject({
        url: '/api/integrations/mynextsteps/tasks',
        headers: { authorization: `Token ${unknown.token}` },
      });
      expect(myNextStepsTaskListSchema.parse(block.json())).toEqual([]);
      const user = await app.inject({ url: api('user/'), headers: { cookie: unknown.cookie } });
      expect(nextStepsUserListSchema.parse(user.json())[0]!.has_checklist).toBe(false);
    } finally {
      await app.close();
    }
  });
});
