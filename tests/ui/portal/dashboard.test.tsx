import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardContent } from '../../../src/lib/dashboard-blocks.js';
import { Dashboard } from '../../../src/ui/portal/dashboard.js';
import type { Arrangement, DashboardProps } from '../../../src/ui/portal/dashboard-types.js';
import { renderInRouter } from './in-router.js';
import { aPost } from './posts.js';

const staff = { primary_role: 'staff', other_roles: [], financial_dashboard_access: true } as const;
const posts = [
  aPost({
    post_type: 'hero',
    title: 'Winter term',
    image: '/content/hero-original.webp',
    thumbnail_image: '/content/hero-thumbnail.webp',
    medium_image: '/content/hero-medium.webp',
    large_image: '/content/hero-large.webp',
  }),
  aPost({ title: 'Benefits', category: 'staff', image: '/content/promo-benefits.webp' }),
  aPost({ title: 'Finances', category: 'financial_dashboard' }),
  aPost({ title: 'Flu shots', action_link: '#modal:flu', link_text: 'Hours' }),
  aPost({
    post_type: 'icon_link',
    title: 'School tools',
    links: [
      { url: 'https://mail.example/', link_text: 'Webmail', description: '', icon_class: 'mail' },
    ],
  }),
  aPost({ post_type: 'resources', title: 'Staff resources', category: 'staff' }),
];

/** The dashboard with every block drawn: the ones after the first screen's come a task later. */
async function renderDashboard(props: Partial<DashboardProps> = {}) {
  const rendered = await renderInRouter(() => (
    <Dashboard
      name="Morgan"
      content={dashboardContent(posts, staff)}
      status="loaded"
      onRetry={() => {}}
      whatsNew={<p>News block</p>}
      preview={false}
      onOpenModal={() => {}}
      embedUrl={() => null}
      {...props}
    />
  ));
  await waitFor(() => expect(rendered.container.querySelector('.later')).toBeNull());
  return rendered;
}

const blocksIn = (column: Element) =>
  [...column.querySelectorAll('[data-testid^="block-"]')].map(
    (el) =>
      `${el.getAttribute('data-testid')}${el.classList.contains('only-mobile') ? ' (mobile)' : el.classList.contains('only-desktop') ? ' (desktop)' : ''}`,
  );

/** A phone's width: the dashboard's media query (min-width: 1024px) does not match. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard layout (portal.md §2)', () => {
  it('from 1024 px every block in the column §2 lists it in, in its order (issue 76): Today’s Classes in the left, the promos atop the right and Upcoming Tasks after the video', async () => {
    const { container } = await renderDashboard({
      todaysClasses: <p>Classes</p>,
      eventCalendar: <p>Events</p>,
      myNextSteps: <p>Tasks</p>,
      banner: <p>Banner</p>,
    });
    expect(container.querySelector('.dashboard__today')).toBeNull();
    const [left, right] = container.querySelectorAll('.dashboard__column');
    expect(blocksIn(left!)).toEqual([
      'block-profile-summary',
      'block-staff-resources',
      'block-todays-classes',
      'block-event-calendar',
    ]);
    expect(blocksIn(right!)).toEqual([
      'block-staff-promos (desktop)',
      'block-financial-promos (desktop)',
      'block-other-promos',
      'block-school-tools (desktop)',
      'block-my-next-steps',
    ]);
    // portal.md §2 Top: the hero and the banner lines, then the toolbar, then the columns.
    const order = [...container.querySelectorAll('[data-testid^="block-"]')]
      .map((el) => el.getAttribute('data-testid'))
      .slice(0, 4);
    expect(order).toEqual(['block-hero', 'block-banner', 'block-toolbar', 'block-profile-summary']);
  });

  it('below 1024 px the person’s day, then the spec’s left column with its mobile promos and School tools above the event calendar, then the right', async () => {
    phoneWidth();
    const { container } = await renderDashboard({
      todaysClasses: <p>Classes</p>,
      eventCalendar: <p>Events</p>,
      myNextSteps: <p>Tasks</p>,
    });
    expect(blocksIn(container.querySelector('.dashboard__today')!)).toEqual([
      'block-profile-summary',
      'block-todays-classes',
      'block-my-next-steps',
    ]);
    expect(blocksIn(container.querySelector('.dashboard__columns')!)).toEqual([
      'block-staff-promos',
      'block-financial-promos',
      'block-staff-resources',
      'block-school-tools',
      'block-event-calendar',
      'block-other-promos',
    ]);
  });

  it('on a phone the person’s own day first (issue 43): the toolbar, then the profile summary, today’s classes, the next tasks, the banner lines, then the hero', async () => {
    phoneWidth();
    const { container } = await renderDashboard({
      banner: <p>Banner</p>,
      bell: <button type="button">Messages</button>,
      profileImage: <img alt="Morgan Chen" src="/x.png" />,
      todaysClasses: <p>Classes</p>,
      myNextSteps: <p>Tasks</p>,
    });
    const order = [...container.querySelectorAll('[data-testid^="block-"]')]
      .map((el) => el.getAttribute('data-testid'))
      .slice(0, 6);
    expect(order).toEqual([
      'block-toolbar',
      'block-profile-summary',
      'block-todays-classes',
      'block-my-next-steps',
      'block-banner',
      'block-hero',
    ]);
    const toolbar = screen.getByTestId('block-toolbar');
    expect(within(toolbar).getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(within(toolbar).getByRole('button', { name: 'Messages' })).toBeVisible();
    expect(within(toolbar).getByRole('img', { name: 'Morgan Chen' })).toBeVisible();
  });

  it('greets "Hello" plus the display name until a profile summary is given', async () => {
    await renderDashboard();
    expect(screen.getByText('Hello Morgan')).toBeVisible();
  });

  it('a profile summary replaces the greeting at the top of the left column', async () => {
    await renderDashboard({ profileSummary: <p>Profile card</p> });
    expect(screen.queryByText('Hello Morgan')).toBeNull();
    expect(screen.getByTestId('block-profile-summary')).toHaveTextContent('Profile card');
  });

  it('hero image by viewport width: a <picture> with the §2 widths and alt text from the post', async () => {
    const { container } = await renderDashboard();
    const sources = [...container.querySelectorAll('.hero source')].map((s) => [
      s.getAttribute('media'),
      s.getAttribute('srcset'),
    ]);
    expect(sources).toEqual([
      ['(max-width: 350px)', '/content/hero-thumbnail.webp'],
      ['(max-width: 800px)', '/content/hero-medium.webp'],
      ['(max-width: 1200px)', '/content/hero-large.webp'],
    ]);
    expect(container.querySelector('.hero img')).toHaveAttribute('alt', 'Winter term');
    expect(container.querySelector('.promo img')).toHaveAttribute('loading', 'lazy');
  });

  it('a "#modal:<slug>" action is a button that opens that post modal', async () => {
    const onOpenModal = vi.fn();
    await renderDashboard({ onOpenModal });
    screen.getAllByRole('button', { name: 'Hours' })[0]!.click();
    expect(onOpenModal).toHaveBeenCalledWith('flu');
  });

  it('marks a staff preview clearly', async () => {
    await renderDashboard({ preview: true });
    expect(await screen.findByTestId('preview-notice')).toHaveTextContent(/Preview/);
  });

  it('shows "Error retrieving info" with a retry when the content fails', async () => {
    const onRetry = vi.fn();
    await renderDashboard({ status: 'error', onRetry });
    expect(screen.getByText('Error retrieving info')).toBeVisible();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('the dashboard under the person’s own arrangement (issue #30, #31)', () => {
  const arrangement = (over: Partial<Arrangement> = {}): Arrangement => ({
    layout: null,
    mandatory: [],
    customising: false,
    announcement: null,
    undoBlock: null,
    offline: false,
    onCustomise: vi.fn(),
    onFinish: vi.fn(),
    onMove: vi.fn(),
    onHide: vi.fn(),
    onShow: vi.fn(),
    onUndo: vi.fn(),
    onReset: vi.fn(),
    ...over,
  });

  it('with no layout of their own, the Customise bar arrives under the blocks without drawing them anew: a focused link keeps focus', async () => {
    await renderDashboard({ arrangement: arrangement() });
    const link = screen.getAllByRole('link')[0]!;
    link.focus();
    expect(document.activeElement).toBe(link);
    expect(await screen.findByRole('button', { name: 'Customise' })).toBeInTheDocument();
    expect(link.isConnected).toBe(true);
    expect(document.activeElement).toBe(link);
  });

  it('offline (issue 44), Customise stays focusable but waits, saying why', async () => {
    const onCustomise = vi.fn();
    await renderDashboard({ arrangement: arrangement({ offline: true, onCustomise }) });
    const customise = await screen.findByRole('button', { name: 'Customise' });
    expect(customise).toHaveAttribute('aria-disabled', 'true');
    customise.click();
    expect(onCustomise).not.toHaveBeenCalled();
    expect(
      screen.getByText('You’re offline: changes can be saved again once you’re back online.'),
    ).toBeInTheDocument();
  });

  it('issue 87: from 1024 px a layout of their own stands in the person’s order, in the spec’s two columns with no row of the day, the bar under them', async () => {
    const { container } = await renderDashboard({
      arrangement: arrangement({
        layout: { order: ['whats-new', 'video', 'profile-summary'], hidden: [] },
      }),
    });
    await screen.findByRole('button', { name: 'Customise' });
    const order = [...container.querySelectorAll('[data-block-id]')].map((el) =>
      el.getAttribute('data-block-id'),
    );
    // The person's order, not the day pulled first: only what they changed moves.
    // (The dashboard has no video to show here.)
    expect(order.slice(0, 2)).toEqual(['whats-new', 'profile-summary']);
    expect(screen.queryByTestId('arranged-day')).toBeNull();
    expect(container.querySelectorAll('.dashboard__columns > .dashboard__column')).toHaveLength(2);
  });

  it('issue 76: customising on a phone keeps the spec’s phone order: the finance promos and School tools above the event calendar, also with a block hidden', async () => {
    phoneWidth();
    for (const layout of [null, { order: [], hidden: ['video' as const] }]) {
      const { container, unmount } = await renderDashboard({
        eventCalendar: <p>Events</p>,
        arrangement: arrangement({
          layout,
          customising: true,
          announcement: { id: 'Customising.' },
        }),
      });
      await screen.findByRole('button', { name: 'Done customising' });
      const order = [...container.querySelectorAll('[data-block-id]')].map((el) =>
        el.getAttribute('data-block-id'),
      );
      expect(order).toEqual([
        'profile-summary',
        'staff-promos',
        'financial-promos',
        'staff-resources',
        'school-tools',
        'event-calendar',
        'other-promos',
        'whats-new',
      ]);
      unmount();
    }
  });

  it('issue 43: on a phone a layout arranged on a laptop opens on the person’s day, then the banner and hero, then the rest', async () => {
    phoneWidth();
    {
      const { container } = await renderDashboard({
        banner: <p>Banner line</p>,
        todaysClasses: <p>Today</p>,
        myNextSteps: <p>Tasks</p>,
        arrangement: arrangement({
          layout: {
            order: ['whats-new', 'my-next-steps', 'todays-classes', 'profile-summary'],
            hidden: [],
          },
        }),
      });
      await screen.findByRole('button', { name: 'Customise' });
      const order = [
        ...container.querySelectorAll('[data-block-id], [data-testid="block-banner"], .hero'),
      ].map((el) => el.getAttribute('data-block-id') ?? el.getAttribute('data-testid') ?? 'hero');
      // Their day in their order among it, then the banner.
      expect(order.slice(0, 4)).toEqual([
        'my-next-steps',
        'todays-classes',
        'profile-summary',
        'block-banner',
      ]);
      expect(order.indexOf('whats-new')).toBeGreaterThan(order.indexOf('block-banner'));
      // The banner is said once.
      expect(screen.getAllByText('Banner line')).toHaveLength(1);
    }
  });

  it('issue 87: on a laptop the same layout keeps the person’s order in the spec’s columns (no row of the day), under the banner', async () => {
    const { container } = await renderDashboard({
      banner: <p>Banner line</p>,
      todaysClasses: <p>Today</p>,
      myNextSteps: <p>Tasks</p>,
      arrangement: arrangement({
        layout: {
          order: ['whats-new', 'my-next-steps', 'todays-classes', 'profile-summary'],
          hidden: [],
        },
      }),
    });
    await screen.findByRole('button', { name: 'Customise' });
    const order = [...container.querySelectorAll('[data-block-id]')].map((el) =>
      el.getAttribute('data-block-id'),
    );
    expect(order.slice(0, 4)).toEqual([
      'whats-new',
      'my-next-steps',
      'todays-classes',
      'profile-summary',
    ]);
    expect(screen.queryByTestId('arranged-day')).toBeNull();
    expect(screen.getAllByText('Banner line')).toHaveLength(1);
    // The banner stands above the toolbar and the blocks.
    const banner = screen.getByText('Banner line');
    const toolbar = screen.getByTestId('block-toolbar');
    expect(banner.compareDocumentPosition(toolbar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
