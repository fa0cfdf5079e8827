import { describe, expect, it } from 'vitest';
import type { Post } from '../../contract/content.schema.js';
import { layoutPage, modalKeyOf } from '../../src/lib/content-layout.js';
import { dashboardContent } from '../../src/lib/dashboard-blocks.js';
import { heroSources } from '../../src/lib/hero.js';
import { embedUrlFor } from '../../src/lib/video.js';
import { latestNews } from '../../src/lib/whats-new.js';
import { aPost } from '../ui/portal/posts.js';

const post = aPost;
const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
const blog = (days: number) => post({ post_type: 'blog', publishing_opens_on: daysAgo(days) });

describe("What's New (portal.md §9)", () => {
  it("What's New shows only the newest blog post", () => {
    const newest = blog(2);
    expect(latestNews([blog(10), newest, blog(5)], now)).toBe(newest);
  });

  it("What's New shows a blog post only if it was published within the last 60 days", () => {
    const recent = blog(59);
    expect(latestNews([recent], now)).toBe(recent);
    expect(latestNews([blog(61), blog(90)], now)).toBeNull();
  });

  it('a post that has not opened yet, or has no date, is never the newest', () => {
    expect(latestNews([blog(-3), post({ post_type: 'blog' })], now)).toBeNull();
  });
});

describe('hero image (portal.md §2)', () => {
  it('up to 350 px the thumbnail, up to 800 the medium, up to 1200 the large, otherwise the original', () => {
    expect(
      heroSources({ thumbnail_image: '/t.webp', medium_image: '/m.webp', large_image: '/l.webp' }),
    ).toEqual([
      { media: '(max-width: 350px)', src: '/t.webp' },
      { media: '(max-width: 800px)', src: '/m.webp' },
      { media: '(max-width: 1200px)', src: '/l.webp' },
    ]);
  });

  it('a size the post lacks falls through to the next larger one', () => {
    expect(
      heroSources({ thumbnail_image: null, medium_image: '/m.webp', large_image: null }),
    ).toEqual([{ media: '(max-width: 800px)', src: '/m.webp' }]);
  });
});

describe('content page layout (portal.md §3)', () => {
  it('posts of type card are grouped into one grid, where the first card stands', () => {
    const [intro, a, b, html, c] = [
      post({ post_type: 'basic_html' }),
      post({ post_type: 'card' }),
      post({ post_type: 'card' }),
      post({ post_type: 'basic_html' }),
      post({ post_type: 'card' }),
    ];
    expect(layoutPage([intro, a, b, html, c])).toEqual([
      { kind: 'post', post: intro },
      { kind: 'cards', posts: [a, b, c] },
      { kind: 'post', post: html },
    ]);
  });

  it('neighbouring accordion posts form one list of panels; modal posts are not shown', () => {
    const [q1, q2, modal] = [
      post({ post_type: 'accordion' }),
      post({ post_type: 'accordion' }),
      post({ post_type: 'modal' }),
    ];
    expect(layoutPage([q1, modal, q2])).toEqual([{ kind: 'accordion', posts: [q1, q2] }]);
  });

  it('a "#modal:<slug>" link opens the post modal with that slug', () => {
    expect(modalKeyOf('#modal:flu-clinic-hours')).toBe('flu-clinic-hours');
    expect(modalKeyOf('#main')).toBeNull();
    expect(modalKeyOf('https://x.example/#modal:a')).toBeNull();
  });
});

describe('dashboard blocks by role (portal.md §2, §6)', () => {
  const posts = [
    post({ slug: 'staff-promo', category: 'staff' }),
    post({ slug: 'money', category: 'financial_dashboard' }),
    post({ slug: 'general' }),
    post({ slug: 'events', category: 'campus_life' }),
    post({ slug: 'faculty-promo', category: 'faculty' }),
    post({ slug: 'r-staff', post_type: 'resources', category: 'staff' }),
    post({ slug: 'r-faculty', post_type: 'resources', category: 'faculty' }),
    post({ slug: 'r-advisor', post_type: 'resources', category: 'advisor' }),
    post({ slug: 'r-all', post_type: 'resources' }),
  ];
  const slugs = (list: Post[]) => list.map((p) => p.slug);
  const student = {
    primary_role: 'student',
    other_roles: [],
    financial_dashboard_access: true,
  } as const;

  it('other promos are those with no category or a category not staff, faculty or financial_dashboard', () => {
    expect(slugs(dashboardContent(posts, student).otherPromos)).toEqual(['general', 'events']);
  });

  it('financial_dashboard_access gates the financial dashboard promos', () => {
    expect(slugs(dashboardContent(posts, student).financialPromos)).toEqual(['money']);
    expect(
      dashboardContent(posts, { ...student, financial_dashboard_access: false }).financialPromos,
    ).toEqual([]);
  });

  it('employees see staff promos and resources; faculty see faculty resources; advisors see advisor resources', () => {
    const staff = dashboardContent(posts, { ...student, primary_role: 'staff' });
    expect([slugs(staff.staffPromos), slugs(staff.staffResources)]).toEqual([
      ['staff-promo'],
      ['r-staff'],
    ]);
    const faculty = dashboardContent(posts, {
      ...student,
      primary_role: 'faculty',
      other_roles: ['staff'],
    });
    expect([slugs(faculty.staffResources), slugs(faculty.facultyResources)]).toEqual([
      [],
      ['r-faculty'],
    ]);
    const advisor = dashboardContent(posts, { ...student, primary_role: 'advisor' });
    expect(slugs(advisor.advisorResources)).toEqual(['r-advisor']);
    expect(slugs(dashboardContent(posts, student).staffResources)).toEqual([]);
  });

  it('the hero is the first one the person may see, so each role meets its own', () => {
    const heroes = [
      post({ slug: 'h-student', post_type: 'hero', category: 'student' }),
      post({ slug: 'h-staff', post_type: 'hero', category: 'staff' }),
      post({ slug: 'h-faculty', post_type: 'hero', category: 'faculty' }),
    ];
    expect(dashboardContent(heroes, student).hero?.slug).toBe('h-student');
    expect(dashboardContent(heroes, { ...student, primary_role: 'staff' }).hero?.slug).toBe(
      'h-staff',
    );
    expect(
      dashboardContent(heroes, { ...student, primary_role: 'faculty', other_roles: ['staff'] }).hero
        ?.slug,
    ).toBe('h-faculty');
  });

  it('general resources are those for no role', () => {
    expect(slugs(dashboardContent(posts, student).generalResources)).toEqual(['r-all']);
  });
});

describe('video embeds (portal.md §3 video_embed)', () => {
  const hosts = ['https://www.youtube-nocookie.com'];
  it('a YouTube link plays through the privacy-enhanced youtube-nocookie player', () => {
    expect(embedUrlFor('https://www.youtube.com/watch?v=aqz-KE-bpKQ', hosts)).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
    expect(embedUrlFor('https://youtu.be/aqz-KE-bpKQ', hosts)).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
  });

  it('a player the campus does not allow, or an unknown link, embeds nothing', () => {
    expect(embedUrlFor('https://vimeo.com/76979871', hosts)).toBeNull();
    expect(embedUrlFor('https://evil.example/watch?v=aqz-KE-bpKQ', hosts)).toBeNull();
    expect(embedUrlFor('javascript:alert(1)', hosts)).toBeNull();
    expect(embedUrlFor('https://vimeo.com/76979871', ['https://player.vimeo.com'])).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });

  it("every YouTube address form plays by its video id; an id that is not YouTube's 11 characters embeds nothing", () => {
    const player = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
    for (const link of [
      'https://youtube.com/watch?v=aqz-KE-bpKQ',
      'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ]) {
      expect(embedUrlFor(link, hosts), link).toBe(player);
    }
    expect(embedUrlFor('https://www.youtube.com/watch?v=aqz-KE-bpK', hosts)).toBeNull();
    expect(embedUrlFor('https://www.youtube.com/watch?v=aqz-KE-bpKQQ', hosts)).toBeNull();
    expect(embedUrlFor('https://youtu.be/aqz-KE-bp%22Q', hosts)).toBeNull();
    expect(embedUrlFor('https://www.youtube.com/embed/aqz-KE-bpKQ/extra', hosts)).toBeNull();
    expect(embedUrlFor('https://www.youtube.com/user/campus', hosts)).toBeNull();
  });

  it("a Vimeo player address keeps the video's number; a page without one, no link or a malformed one embeds nothing", () => {
    const vimeo = ['https://player.vimeo.com'];
    expect(embedUrlFor('https://player.vimeo.com/video/76979871', vimeo)).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(embedUrlFor('https://vimeo.com/channels/staffpicks', vimeo)).toBeNull();
    expect(embedUrlFor(null, vimeo)).toBeNull();
    expect(embedUrlFor('', vimeo)).toBeNull();
    expect(embedUrlFor('not a link', vimeo)).toBeNull();
  });
});
