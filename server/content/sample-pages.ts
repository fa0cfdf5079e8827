import type { SamplePage, SamplePost } from './sample-types.js';

const img = (name: string) => `/content/${name}.webp`;
const card = (slug: string, title: string, body: string, action_link: string): SamplePost => ({
  post_type: 'card',
  slug,
  title,
  body,
  action_link,
  link_text: 'Visit',
});
const faq = (slug: string, title: string, body: string): SamplePost => ({
  post_type: 'accordion',
  slug,
  title,
  body,
});

/** Posts of the /resources page, the What's New blog and the post modals. */
export const pagePosts: SamplePost[] = [
  card(
    'card-advising',
    'Academic advising',
    '<p>Plan your degree and choose classes with an advisor in your college.</p>',
    'https://advising.campus.example.edu/',
  ),
  card(
    'card-tutoring',
    'Learning Center',
    '<p>Drop-in tutoring for writing, math, science and languages, in person or online.</p>',
    'https://www.campus.example.edu/tutoring',
  ),
  card(
    'card-careers',
    'Career Center',
    '<p>Résumé reviews, mock interviews and the campus job board.</p>',
    'https://careers.campus.example.edu/',
  ),
  card(
    'card-financial-aid',
    'Financial aid',
    '<p>Grants, scholarships, loans and work-study: apply and track your aid.</p>',
    'https://finaid.campus.example.edu/',
  ),
  card(
    'card-disability',
    'Disability Resource Center',
    '<p>Accommodations for classes, exams and housing.</p>',
    'https://drc.campus.example.edu/',
  ),
  card(
    'card-counseling',
    'Counseling services',
    '<p>Free, confidential counseling for enrolled students. Same-day appointments available.</p>',
    'https://www.campus.example.edu/health-counseling',
  ),
  faq(
    'faq-forgot-password',
    'I forgot my password. What do I do?',
    '<p>Reset it at the account manager with your university ID and the phone number on file. Call the Technology Help Desk if you no longer have that phone.</p>',
  ),
  faq(
    'faq-transcript',
    'How do I order an official transcript?',
    '<p>Order official transcripts from the Registrar’s page. Electronic transcripts arrive within one business day; paper ones take five.</p>',
  ),
  faq(
    'faq-holds',
    'Why can’t I register for classes?',
    '<p>A hold on your account can block registration. The Account page lists your holds and whom to contact to clear each one.</p>',
  ),
  faq(
    'faq-parking',
    'Where can students park?',
    '<p>Students park in Structures 1 and 3 with a term permit, or pay by the hour at any visitor space.</p>',
  ),
  {
    post_type: 'blog',
    slug: 'library-open-late-for-finals',
    title: 'The library stays open until 2 a.m. for finals',
    body: '<p>During finals week the Millar Library keeps its doors open until 2 a.m., with free coffee on the second floor after 9 p.m.</p><p>Group study rooms can be booked up to a week ahead from the library site.</p>',
    image: img('blog-library'),
    opensInDays: -3,
  },
  {
    post_type: 'blog',
    slug: 'community-garden-harvest',
    title: 'The community garden shares its autumn harvest',
    body: '<p>Students grew more than 400 pounds of squash, kale and apples this year. Everything goes to the campus food pantry.</p>',
    image: img('blog-garden'),
    opensInDays: -21,
  },
  {
    post_type: 'blog',
    slug: 'student-discount-transit',
    title: 'Student transit passes are now half price',
    body: '<p>The term transit pass for buses, trams and the streetcar now costs $60 for enrolled students.</p>',
    image: img('blog-tickets'),
    opensInDays: -75,
  },
  {
    post_type: 'blog',
    slug: 'winter-break-closures',
    title: 'Campus buildings during winter break',
    body: '<p>Most buildings close over winter break. The rec center keeps reduced hours.</p>',
    opensInDays: 10,
  },
  {
    post_type: 'modal',
    slug: 'flu-clinic-hours',
    title: 'Flu clinic hours',
    body: '<p>The Student Health Center gives free flu shots to students, staff and faculty:</p><ul><li>Monday to Friday, 9 a.m. to 4 p.m.</li><li>No appointment needed; bring your campus ID.</li></ul>',
    image: img('promo-flu'),
    action_link: 'https://www.campus.example.edu/health-counseling',
  },
  {
    post_type: 'basic_html',
    slug: 'orientation-draft',
    title: 'New student orientation (draft)',
    body: '<p>Orientation sessions for next term’s admits run the week before classes begin. Schedules are still being set.</p>',
  },
];

/** The pages: the dashboard, resources, What's New, and an unpublished draft for staff preview. */
export const samplePages = (dashboard: string[]): SamplePage[] => [
  { path: '/', slug: 'dashboard', published: true, posts: dashboard },
  {
    path: '/resources',
    slug: 'resources',
    published: true,
    posts: [
      'card-advising',
      'card-tutoring',
      'card-careers',
      'card-financial-aid',
      'card-disability',
      'card-counseling',
      'campus-resources',
      'staff-resources',
      'faculty-resources',
      'advisor-resources',
      'faq-forgot-password',
      'faq-transcript',
      'faq-holds',
      'faq-parking',
    ],
  },
  {
    path: '/whats-new',
    slug: 'whats-new',
    published: true,
    posts: [
      'winter-break-closures',
      'library-open-late-for-finals',
      'community-garden-harvest',
      'student-discount-transit',
    ],
  },
  { path: '/orientation', slug: 'orientation', published: false, posts: ['orientation-draft'] },
];
