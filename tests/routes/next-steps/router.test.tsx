import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextStepsRouteTree } from '../../../src/routes/next-steps/router.js';

function renderAt(path: string) {
  const router = createRouter({
    routeTree: nextStepsRouteTree,
    basepath: '/next-steps',
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the Next Steps "task" route', () => {
  it('opens on "Up Next" without a show query', async () => {
    renderAt('/next-steps/task');
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
  });

  it('names the filter of a known show value', async () => {
    renderAt('/next-steps/task/12?show=bookmarks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('falls back to "Up Next" for an unknown show value', async () => {
    renderAt('/next-steps/task?show=everything');
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
  });

  it('sends /next-steps/ to the task list', async () => {
    renderAt('/next-steps/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
  });
});
