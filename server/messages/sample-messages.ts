import type { NewMessage } from '../db/repositories/messages.repository.js';
import { findPersona } from '../sis/personas.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Sample = NewMessage & { seed_key: string };

/**
 * The embedded default's messages (seeded once, dated from the first start): some to one persona,
 * some to a role, some to everyone, a What's New (blog) announcement, an app message, and one already
 * expired that nobody receives. The student receives six, three of them for the banner.
 */
export function sampleMessages(now: Date): Sample[] {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const student = findPersona('student').username;
  const newStudent = findPersona('new-student').username;
  return [
    {
      seed_key: 'sample:everyone:whats-new',
      audience: 'everyone',
      title: "What's New: the portal has a new home page",
      body: "Read about the new dashboard on the What's New page.",
      action_link: '/whats-new',
      category: 'blog',
      created_on: ago(5 * DAY_MS),
    },
    {
      seed_key: 'sample:everyone:expired',
      audience: 'everyone',
      title: 'Campus closed for the holiday',
      body: 'All offices were closed on Monday.',
      created_on: ago(20 * DAY_MS),
      expires_on: ago(10 * DAY_MS),
    },
    {
      seed_key: 'sample:student:registration',
      audience: 'role',
      role: 'student',
      title: 'Registration for next term opens Monday',
      body: 'Check your registration time and plan your classes: https://register.campus.example.edu/',
      action_link: 'https://register.campus.example.edu/',
      display_as_banner: true,
      created_on: ago(2 * DAY_MS),
    },
    {
      seed_key: 'sample:student:tuition',
      audience: 'role',
      role: 'student',
      title: 'Tuition is due on the 15th',
      body: 'See your account summary for the amount due.',
      action_link: '/finances',
      created_on: ago(3 * DAY_MS),
    },
    {
      seed_key: 'sample:avalencia:advisor',
      audience: 'person',
      username: student,
      title: 'Your advisor left you a note',
      body: 'Please book a meeting before registration opens. Appointments: https://advising.campus.example.edu/book',
      display_as_banner: true,
      created_on: ago(6 * HOUR_MS),
    },
    {
      seed_key: 'sample:avalencia:library',
      audience: 'person',
      username: student,
      title: 'A library book is due soon',
      body: 'Renew it online to avoid a fine.',
      action_link: 'https://library.campus.example.edu/',
      created_on: ago(26 * HOUR_MS),
    },
    {
      seed_key: 'sample:avalencia:next-steps',
      audience: 'person',
      username: student,
      title: 'You have tasks due this week',
      body: 'Open My Next Steps to see what to do next.',
      action_link: '/next-steps/',
      display_as_banner: true,
      app_message: true,
      created_on: ago(2 * HOUR_MS),
    },
    {
      seed_key: 'sample:jokafor:welcome',
      audience: 'person',
      username: newStudent,
      title: 'Welcome to campus!',
      body: 'Your first week starts with orientation. Start with My Next Steps.',
      action_link: '/next-steps/',
      display_as_banner: true,
      created_on: ago(1 * HOUR_MS),
    },
    {
      seed_key: 'sample:staff:benefits',
      audience: 'role',
      role: 'staff',
      title: 'Benefits enrollment closes Friday',
      body: 'Review your choices at https://hr.campus.example.edu/benefits',
      display_as_banner: true,
      created_on: ago(1 * DAY_MS),
    },
    {
      seed_key: 'sample:faculty:grades',
      audience: 'role',
      role: 'faculty',
      title: 'Final grades are due next Tuesday',
      body: 'Submit grades in the registration hub.',
      action_link: 'https://register.campus.example.edu/',
      created_on: ago(4 * DAY_MS),
    },
  ];
}
