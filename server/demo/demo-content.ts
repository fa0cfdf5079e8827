import type { Post } from '../../contract/content.schema.js';
import { sanitizeContentHtml } from '../content/sanitize.js';
import { toNewPost } from '../content/seed.js';
import { MemoryContentSource } from '../content/source.js';
import type { SamplePost } from '../content/sample-types.js';

const img = (name: string) => `/content/${name}.webp`;

/** Demo mode's own content (portal.md §4): what a visitor sees while the demo student is shown. */
const demoPosts: SamplePost[] = [
  {
    post_type: 'hero',
    slug: 'demo-welcome',
    title: 'Welcome to the portal demo',
    body: '<p>Everything you see is sample data: click around, nothing is saved.</p>',
    image: img('hero-original'),
    thumbnail_image: img('hero-thumbnail'),
    medium_image: img('hero-medium'),
    large_image: img('hero-large'),
  },
  {
    post_type: 'promo',
    slug: 'demo-tour-promo',
    title: 'Take the guided tour',
    body: '<p>See how students find their classes, holds and tasks in five minutes.</p>',
    image: img('promo-homecoming'),
    action_link: '#modal:demo-tour',
    link_text: 'Start the tour',
  },
  {
    post_type: 'icon_link',
    slug: 'demo-school-tools',
    title: 'School tools',
    links: [
      {
        url: 'https://mail.campus.example.edu/',
        link_text: 'Webmail',
        description: '',
        icon_class: 'mail',
      },
      {
        url: 'https://canvas.campus.example.edu/',
        link_text: 'Canvas',
        description: '',
        icon_class: 'book',
      },
    ],
  },
  {
    post_type: 'resources',
    slug: 'demo-resources',
    title: 'Campus resources',
    links: [
      {
        url: 'https://www.campus.example.edu/tutoring',
        link_text: 'Learning Center',
        description: 'Free tutoring',
        icon_class: 'book',
      },
    ],
  },
  {
    post_type: 'blog',
    slug: 'demo-news',
    title: 'Demo mode now shows sample news',
    body: '<p>This post is part of the demo set and is always recent.</p>',
    image: img('blog-library'),
    opensInDays: -1,
  },
  {
    post_type: 'modal',
    slug: 'demo-tour',
    title: 'The five-minute tour',
    body: '<p>Start on the dashboard, then open Academics for classes and Account for holds.</p>',
  },
  {
    post_type: 'card',
    slug: 'demo-card-advising',
    title: 'Academic advising',
    body: '<p>Plan your degree with an advisor.</p>',
    action_link: 'https://advising.campus.example.edu/',
    link_text: 'Visit',
  },
];

/** The demo posts' bodies through the same sanitiser as any post, once: they never change. */
let sanitizedBodies: string[] | null = null;

/** The demo set, dated from `now` so its news stays recent (a demo request asks for it each time). */
export function demoContent(now: Date): MemoryContentSource {
  const bodies = (sanitizedBodies ??= demoPosts.map((post) =>
    sanitizeContentHtml(post.body ?? ''),
  ));
  const posts: Post[] = demoPosts.map((sample, i) => {
    const post = toNewPost(sample, now);
    return {
      ...post,
      pk: 100_000 + i,
      body: bodies[i] ?? '',
      hide_text: post.hide_text ?? false,
      links: post.links ?? [],
    };
  });
  return new MemoryContentSource(posts, [
    {
      path: '/',
      slug: 'dashboard',
      published: true,
      posts: ['demo-welcome', 'demo-tour-promo', 'demo-school-tools', 'demo-resources'],
    },
    {
      path: '/resources',
      slug: 'resources',
      published: true,
      posts: ['demo-card-advising', 'demo-resources'],
    },
    { path: '/whats-new', slug: 'whats-new', published: true, posts: ['demo-news'] },
  ]);
}
