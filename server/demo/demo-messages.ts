import type { NewMessage } from '../db/repositories/messages.repository.js';

const HOUR_MS = 3_600_000;

/**
 * Demo-mode messages (next-steps.md §3 Message shape: title, body, read, created_on,
 * display_as_banner, pk), answered instead of the person's own while demo mode is on. The demo nudges,
 * with their codes (APC, CONTACT_INFO, EMERGENCY, EVACUATION, ALERT, DEPOSIT_INIT), come from the
 * demo SIS (`demo-finances.ts`) and show beside them.
 */
export function demoMessages(now: Date): Array<NewMessage & { seed_key: string }> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  return [
    {
      seed_key: 'demo:welcome',
      audience: 'demo',
      title: 'Welcome to the demo',
      body: 'Everything you see is sample data. Try dismissing this message.',
      display_as_banner: true,
      created_on: ago(1),
    },
    {
      seed_key: 'demo:advising',
      audience: 'demo',
      title: 'Meet your advisor',
      body: 'Book an appointment at https://advising.campus.example.edu/book',
      created_on: ago(30),
    },
    {
      seed_key: 'demo:whats-new',
      audience: 'demo',
      title: "What's New this week",
      body: "See the latest news on the What's New page.",
      action_link: '/whats-new',
      category: 'blog',
      created_on: ago(72),
    },
  ];
}
