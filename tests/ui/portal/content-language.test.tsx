import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../../../src/lib/content-layout.js';
import { ContentPage } from '../../../src/ui/portal/content-page.js';
import { renderInRouter } from './in-router.js';
import { aPost } from './posts.js';

const options = { embedUrl: () => null, dateOf: () => null, onOpenModal: () => {} };
const page = (posts: ReturnType<typeof aPost>[]) =>
  renderInRouter(() => (
    <ContentPage
      slug="resources"
      title="Resources"
      status="loaded"
      onRetry={() => {}}
      pieces={layoutPage(posts)}
      preview={false}
      options={options}
    />
  ));

describe('staff content in a Spanish reader’s page (issue 59, WCAG 3.1.2)', () => {
  it('a post shown in English to a Spanish reader is marked lang="en"; its Spanish version is marked lang="es"', async () => {
    await page([
      aPost({ post_type: 'basic_html', title: 'Parking changes', lang: 'en' }),
      aPost({ post_type: 'basic_html', title: 'Horario de la biblioteca', lang: 'es' }),
      aPost({ post_type: 'card', title: 'Tutoring', lang: 'en' }),
      aPost({ post_type: 'accordion', title: 'How do I reset my password?', lang: 'en' }),
    ]);
    const parking = screen.getByRole('heading', { name: 'Parking changes' }).closest('section');
    expect(parking).toHaveAttribute('lang', 'en');
    const library = screen.getByRole('heading', { name: 'Horario de la biblioteca' });
    expect(library.closest('section')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Tutoring').closest('.card')).toHaveAttribute('lang', 'en');
    expect(
      screen.getByRole('button', { name: 'How do I reset my password?' }).closest('li'),
    ).toHaveAttribute('lang', 'en');
  });

  it('a post for an English reader carries no lang of its own (the page’s is right)', async () => {
    await page([aPost({ post_type: 'basic_html', title: 'Parking changes' })]);
    const section = screen.getByRole('heading', { name: 'Parking changes' }).closest('section');
    expect(section).not.toHaveAttribute('lang');
  });
});
