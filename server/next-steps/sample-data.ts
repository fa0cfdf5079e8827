import { studentTypesFromRecord } from './rules.js';
import type { StudentRecordFacts } from './rules.js';

/**
 * The embedded default's Next Steps data: categories, student types, notification types, one system
 * message and the sample tasks. Dates are days from the moment of seeding, so a fresh start always
 * has overdue, current and later tasks.
 */
export const sampleCategories = [
  { slug: 'admissions', name: 'Admissions' },
  { slug: 'financial-aid', name: 'Financial Aid' },
  { slug: 'registration', name: 'Registration' },
  { slug: 'housing', name: 'Housing' },
  { slug: 'health', name: 'Health & Wellness' },
  { slug: 'orientation', name: 'Orientation' },
  { slug: 'fun', name: 'Fun' },
] as const;

export const sampleStudentTypes = [
  'All Students',
  'Undergraduate',
  'First-Year',
  'Transfer',
  'Graduate',
  'International',
  'Veteran',
  'Online Learner',
] as const;

export const sampleNotificationTypes = [
  'Email reminders',
  'Text message reminders',
  'Weekly summary',
  'Deadline alerts',
  // The notify topic `messages` (server/notify/topics.ts); migration 019 adds it to older stores.
  'Messages from the university',
  // The notify topic `coursework`, off until chosen (not among `defaultsFor`); migration 029 adds it.
  'Coursework due dates',
  // The notify topic `records` (issue 74), chosen by default; migration 044 adds it.
  'Changes to your record',
  // The notify topic `appointments` (issue 92), chosen by default; migration 056 adds it.
  'Appointment reminders',
] as const;

export const sampleMessage = {
  title: 'Welcome to Next Steps',
  body:
    'Next Steps lists what to do as a student, in order. Mark a task done when you have finished ' +
    'it, bookmark the ones to come back to, and dismiss any that do not apply to you.',
};

type Slug = (typeof sampleCategories)[number]['slug'];
type StudentTypeName = (typeof sampleStudentTypes)[number];

export interface SampleTask {
  title: string;
  description: string;
  category: Slug;
  /** Days from seeding; null for no date. */
  starts: number | null;
  ends: number | null;
  deadline?: boolean;
  important?: string;
  checklistRank?: number;
  periodicity?: string;
  sortBy?: 'START' | 'END';
  modality?: 'ONLINE' | 'IN_PERSON' | 'HYBRID';
  published?: boolean;
  for: StudentTypeName[];
}

const all: StudentTypeName[] = ['All Students'];
const firstYear: StudentTypeName[] = ['First-Year'];
const undergrad: StudentTypeName[] = ['Undergraduate'];

// One task a line reads as a table.
// prettier-ignore
export const sampleTasks: SampleTask[] = [
  // Overdue: a deadline that has passed.
  { title: 'Submit your FAFSA', description: 'File the Free Application for Federal Student Aid so the university can offer you aid for next year.', category: 'financial-aid', starts: -40, ends: -3, deadline: true, important: 'Aid is awarded first come, first served.', for: all },
  { title: 'Pay your tuition deposit', description: 'Pay the enrollment deposit to hold your place for the coming term.', category: 'admissions', starts: null, ends: -2, deadline: true, important: 'Your admission offer lapses without the deposit.', for: firstYear, checklistRank: 1 },
  { title: 'Upload immunization records', description: 'Send your measles, mumps and rubella immunization records to Student Health.', category: 'health', starts: -30, ends: -1, deadline: true, for: all },
  { title: 'Sign the housing contract', description: 'Read and sign your residence hall contract in the housing portal.', category: 'housing', starts: null, ends: -5, deadline: true, for: firstYear, checklistRank: 3 },
  // New-student checklist.
  { title: 'Set up your single sign-on account', description: 'Create your campus account: it opens email, the portal and the course-management system.', category: 'orientation', starts: -10, ends: 20, deadline: true, important: 'Everything else needs this account.', for: firstYear, checklistRank: 2 },
  { title: 'Register for orientation', description: 'Choose an orientation session and register for it online.', category: 'orientation', starts: -5, ends: 14, deadline: true, for: firstYear, checklistRank: 4 },
  { title: 'Take the math placement test', description: 'The placement test decides which math course you start in.', category: 'registration', starts: 2, ends: 30, deadline: true, for: firstYear, checklistRank: 5, modality: 'ONLINE' },
  { title: 'Get your student ID card', description: 'Bring a photo ID to the card office to get your student ID card.', category: 'orientation', starts: 10, ends: 45, for: firstYear, checklistRank: 6, modality: 'IN_PERSON' },
  { title: 'Meet your academic advisor', description: 'Book your first advising appointment before you register for classes.', category: 'registration', starts: 5, ends: 25, deadline: true, for: firstYear, checklistRank: 7, modality: 'HYBRID' },
  { title: 'Send final transcripts', description: 'Ask your last school to send your final official transcript to Admissions.', category: 'admissions', starts: null, ends: 35, deadline: true, important: 'Registration holds stay until it arrives.', for: firstYear, checklistRank: 8 },
  // Important, not overdue.
  { title: 'Register for next term', description: 'Your registration window opens soon; plan your schedule with the registration hub.', category: 'registration', starts: 7, ends: 21, deadline: true, important: 'Popular classes fill in the first days.', for: undergrad, sortBy: 'START' },
  { title: 'Accept your financial aid offer', description: 'Review your aid offer and accept or decline each award.', category: 'financial-aid', starts: -2, ends: 18, deadline: true, important: 'Unaccepted aid is not paid out.', for: all },
  { title: 'Complete Title IX training', description: 'Complete the online prevention training every student takes each year.', category: 'health', starts: -14, ends: 40, deadline: true, important: 'A registration hold follows if it is not done.', for: all, periodicity: 'every fall term' },
  // Only ends_on, no deadline: "Ends".
  { title: 'Update your emergency contacts', description: 'Check that your emergency contacts and phone number are current.', category: 'health', starts: null, ends: 60, for: all, sortBy: 'END' },
  { title: 'Pick up your parking permit', description: 'Student parking permits for the term are sold until the end of this window.', category: 'orientation', starts: null, ends: 28, for: undergrad, sortBy: 'END' },
  { title: 'Return library books', description: 'Return or renew any books checked out last term.', category: 'registration', starts: null, ends: 12, for: all, sortBy: 'END' },
  // Only ends_on with a deadline: "Due".
  { title: 'Pay your term bill', description: 'Pay the balance on your student account or set up a payment plan.', category: 'financial-aid', starts: null, ends: 16, deadline: true, for: all, sortBy: 'END' },
  { title: 'Apply for graduation', description: 'Seniors file their graduation application a term before they finish.', category: 'registration', starts: null, ends: 50, deadline: true, for: undergrad, sortBy: 'END' },
  { title: 'Choose a meal plan', description: 'Residents choose a meal plan for the term.', category: 'housing', starts: null, ends: 22, deadline: true, for: firstYear, sortBy: 'END' },
  // Starting later: "Starts".
  { title: 'Apply for summer housing', description: 'Summer housing applications open later this term.', category: 'housing', starts: 30, ends: null, for: all, periodicity: 'every summer term' },
  { title: 'Renew your scholarship', description: 'Scholarship renewals open in the spring.', category: 'financial-aid', starts: 45, ends: null, for: undergrad, periodicity: 'every spring term' },
  { title: 'Sign up for study abroad info sessions', description: 'Learn about studying abroad next year at one of the info sessions.', category: 'registration', starts: 21, ends: null, for: all },
  { title: 'Book a flu shot', description: 'Free flu shots are offered at Student Health each fall.', category: 'health', starts: 15, ends: null, for: all, periodicity: 'every fall term', modality: 'IN_PERSON' },
  // Both dates, no deadline: a range.
  { title: 'Attend the resource fair', description: 'Meet the offices that support students, from tutoring to the food pantry.', category: 'orientation', starts: 3, ends: 6, for: all, modality: 'IN_PERSON' },
  { title: 'Join a student group', description: 'Browse the student groups and join one that fits you.', category: 'fun', starts: -7, ends: 30, for: all },
  { title: 'Visit the recreation center', description: 'Your student fees include the recreation center: take a tour.', category: 'fun', starts: -1, ends: 60, for: all, modality: 'IN_PERSON' },
  { title: 'Go to the welcome week concert', description: 'Free concert on the park blocks for welcome week.', category: 'fun', starts: 8, ends: 9, for: firstYear, modality: 'IN_PERSON' },
  { title: 'Try a free fitness class', description: 'Drop in to any group fitness class during the first weeks of term.', category: 'fun', starts: 4, ends: 25, for: undergrad },
  { title: 'Explore the campus food carts', description: 'A guide to lunch near campus, with student discounts.', category: 'fun', starts: null, ends: null, for: all },
  { title: 'Review your degree audit', description: 'Check which requirements you still need in the degree audit tool.', category: 'registration', starts: 1, ends: 90, for: undergrad },
  { title: 'Set up direct deposit for refunds', description: 'Refunds arrive sooner by direct deposit.', category: 'financial-aid', starts: -20, ends: 70, for: all },
  { title: 'Complete the housing roommate survey', description: 'Tell housing about your habits so they can match roommates.', category: 'housing', starts: -3, ends: 10, deadline: true, for: firstYear, checklistRank: 9 },
  { title: 'Check your campus email', description: 'Official notices go to your campus email address only.', category: 'orientation', starts: null, ends: null, for: all },
  // Aimed at the groups the student record names (issue #28).
  { title: 'Have your transfer credits evaluated', description: 'Check how the credits from your last school count towards your degree, and ask about any course missing from the evaluation.', category: 'admissions', starts: -4, ends: 30, deadline: true, for: ['Transfer'] },
  { title: 'Certify your veteran education benefits', description: 'Ask the Veterans Resource Center to certify your enrollment so that your GI Bill benefits are paid for the term.', category: 'financial-aid', starts: -6, ends: 19, deadline: true, important: 'Benefits are paid only for a certified term.', for: ['Veteran'] },
  { title: 'Visit the Veterans Resource Center', description: 'Meet the advisors for student veterans and find the veterans’ study lounge.', category: 'orientation', starts: 0, ends: 40, for: ['Veteran'], modality: 'IN_PERSON' },
  { title: 'File your graduate program of study', description: 'Agree your program of study with your advisor and file it with the Graduate School.', category: 'registration', starts: -8, ends: 26, deadline: true, for: ['Graduate'] },
  // Due in two days: the embedded default's reminder (issue 29) reaches the outbox at the first start.
  { title: 'Confirm your class schedule', description: 'Check that your classes for the coming term are the ones you meant to take, and drop any you will not attend.', category: 'registration', starts: -4, ends: 2, deadline: true, important: 'Classes you do not drop are billed.', for: all },
  { title: 'Confirm your international student status', description: 'International students confirm their status with the international office each term.', category: 'admissions', starts: 0, ends: 20, deadline: true, for: ['International'] },
  { title: 'Draft task: spring welcome', description: 'Not published yet.', category: 'orientation', starts: 100, ends: 120, for: all, published: false },
];

/**
 * What a person starts with the first time Next Steps meets them: the student types their student
 * record gives (rules.ts); without a readable record, a new student follows the first-year checklist
 * and anyone else is taken for an undergraduate. After that first time the affiliations are the
 * person's own: a later change in the record neither adds nor removes a type (they change it in
 * Affiliations), so an edit is never undone behind their back.
 */
export function defaultsFor(isNewStudent: boolean, record: StudentRecordFacts | null = null) {
  return {
    studentTypes: record
      ? studentTypesFromRecord(record, isNewStudent)
      : [isNewStudent ? 'First-Year' : 'Undergraduate'],
    notificationTypes: [
      'Email reminders',
      'Deadline alerts',
      'Messages from the university',
      'Changes to your record',
      'Appointment reminders',
    ],
  };
}
