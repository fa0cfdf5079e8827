import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { layoutPage } from '../../../src/lib/content-layout.js';
import { ContentPage } from '../../../src/ui/portal/content-page.js';
import { Video } from '../../../src/ui/portal/content/video.js';
import { PostLink } from '../../../src/ui/portal/content/post-body.js';
import { renderInRouter } from './in-router.js';
import { aPost } from './posts.js';

const options = { embedUrl: () => null, dateOf: () => null, onOpenModal: () => {} };
const faq = [
  aPost({
    post_type: 'accordion',
    title: 'How do I reset my password?',
    body: '<p>At the account manager.</p>',
  }),
  aPost({
    post_type: 'accordion',
    title: 'Where can students park?',
    body: '<p>Structures 1 and 3.</p>',
  }),
];
const cards = [
  aPost({ post_type: 'card', title: 'Advising' }),
  aPost({ post_type: 'basic_html', title: 'Intro', body: '<p>Hello</p>' }),
  aPost({ post_type: 'card', title: 'Tutoring' }),
];

const page = (posts: ReturnType<typeof aPost>[], status: 'loaded' | 'empty' = 'loaded') =>
  renderInRouter(() => (
    <ContentPage
      slug="resources"
      title="Resources"
      status={status}
      onRetry={() => {}}
      pieces={layoutPage(posts)}
      preview={false}
      options={options}
    />
  ));

describe('the generic content page', () => {
  it('posts of type card are grouped into one grid', async () => {
    const { container } = await page(cards);
    const grids = container.querySelectorAll('.card-grid');
    expect(grids).toHaveLength(1);
    expect(grids[0]?.querySelectorAll('.card')).toHaveLength(2);
  });

  it('accordion panels toggle open and closed by mouse and keyboard, with aria-expanded', async () => {
    const user = userEvent.setup();
    await page(faq);
    const question = screen.getByRole('button', { name: 'How do I reset my password?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('At the account manager.')).not.toBeVisible();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('At the account manager.')).toBeVisible();
    await user.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Where can students park?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says so when the page has nothing published', async () => {
    await page([], 'empty');
    expect(screen.getByText('There is nothing published on this page yet.')).toBeVisible();
  });

  it('renders a post body without anything that could run', async () => {
    const { container } = await page([
      aPost({
        post_type: 'basic_html',
        body: '<p onclick="x()">Hi<script>window.__xss=1</script><img src=x onerror="x()"></p>',
      }),
    ]);
    expect(container.querySelector('.post-body')?.innerHTML).toBe('<p>Hi<img></p>');
  });
});

describe('post links and video', () => {
  it('a link the content policy refuses is not rendered at all', async () => {
    await renderInRouter(() => <PostLink href="javascript:alert(1)">Go</PostLink>);
    expect(screen.queryByRole('link', { name: 'Go' })).toBeNull();
  });

  it.each([
    '/\\evil.example',
    '//evil.example',
    '/\t/evil.example',
    ' http://ok.example',
    'data:,x',
  ])('a post action link the link rule refuses (%j) is not rendered', async (href) => {
    await renderInRouter(() => <PostLink href={href}>Go</PostLink>);
    expect(screen.queryByRole('link', { name: 'Go' })).toBeNull();
  });

  it('a post action link is rendered as the link rule normalises it', async () => {
    await renderInRouter(() => <PostLink href="HTTPS://Campus.Example.EDU/a/../b">Go</PostLink>);
    expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute(
      'href',
      'https://campus.example.edu/b',
    );
  });

  it('a "#modal:<slug>" action link is a button that opens that modal instead of leaving', async () => {
    const onOpenModal = vi.fn();
    await renderInRouter(() => (
      <PostLink href="#modal:flu-clinic-hours" onOpenModal={onOpenModal}>
        Hours
      </PostLink>
    ));
    expect(screen.queryByRole('link', { name: 'Hours' })).toBeNull();
    screen.getByRole('button', { name: 'Hours' }).click();
    expect(onOpenModal).toHaveBeenCalledWith('flu-clinic-hours');
  });

  it('"See clinic hours" and every post action button is styled as the portal’s buttons, not the browser’s own', async () => {
    await renderInRouter(() => (
      <PostLink href="#modal:flu-clinic-hours" className="promo__link" onOpenModal={vi.fn()}>
        See clinic hours
      </PostLink>
    ));
    const button = screen.getByRole('button', { name: 'See clinic hours' });
    expect(button).toHaveClass('button', 'button--quiet', 'promo__link');
  });

  it('loads the privacy-enhanced player only when play is pressed, titled for screen readers', async () => {
    const user = userEvent.setup();
    const post = aPost({ post_type: 'video_embed', title: 'Campus tour' });
    const { container } = await renderInRouter(() => (
      <Video post={post} embedUrl="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" />
    ));
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play video: Campus tour' }));
    const frame = container.querySelector('iframe');
    expect(frame).toHaveAttribute('title', 'Campus tour');
    expect(frame?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
    );
  });
});
