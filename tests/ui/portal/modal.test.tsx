import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PostModal, ProvisionalModal } from '../../../src/ui/portal/modal.js';

describe('ProvisionalModal', () => {
  it('is titled with the single-sign-on name and has a Log out link to /logout', () => {
    render(<ProvisionalModal ssoName="Odin" accountManagerUrl="https://accounts.example.edu/" />);
    expect(
      screen.getByRole('dialog', { name: 'Please log in with your Odin account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/provisional email account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'account manager' })).toHaveAttribute(
      'href',
      'https://accounts.example.edu/',
    );
    expect(screen.getByText(/Log out and log back in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('takes the single-sign-on name from configuration', () => {
    render(<ProvisionalModal ssoName="Owl" accountManagerUrl="https://accounts.example.edu/" />);
    expect(
      screen.getByRole('dialog', { name: 'Please log in with your Owl account' }),
    ).toBeVisible();
  });
});

describe('Escape on a modal', () => {
  const escape = (dialog: HTMLElement) =>
    fireEvent(dialog, new Event('cancel', { cancelable: true }));

  it('does not dismiss the provisional notice', () => {
    render(<ProvisionalModal ssoName="Odin" accountManagerUrl="https://accounts.example.edu/" />);
    const dialog = screen.getByRole('dialog', { name: 'Please log in with your Odin account' });
    expect(escape(dialog)).toBe(false);
    expect(dialog).toBeVisible();
  });

  it('closes a post modal the way its close button does', () => {
    const onClose = vi.fn();
    render(
      <PostModal
        post={{ slug: 'welcome', title: 'Welcome back', body: '<p>Hi</p>' }}
        onClose={onClose}
      />,
    );
    escape(screen.getByRole('dialog', { name: 'Welcome back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('PostModal', () => {
  const post = {
    slug: 'welcome',
    title: 'Welcome back',
    body: '<p>Classes start Monday.</p><script>window.hacked = true</script>',
    action_link: 'https://www.example.edu/welcome',
  };

  it('a post modal\'s link text defaults to "Read more"', () => {
    render(<PostModal post={post} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      post.action_link,
    );
  });

  it("uses the post's own link text when it has one", () => {
    render(<PostModal post={{ ...post, link_text: 'See the schedule' }} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'See the schedule' })).toBeInTheDocument();
  });

  it('shows the body without anything that could run', () => {
    const { container } = render(<PostModal post={post} onClose={() => {}} />);
    expect(screen.getByText('Classes start Monday.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });

  it('closes through its close button', () => {
    const onClose = vi.fn();
    render(<PostModal post={post} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('focus around a post modal', () => {
  const post = { slug: 'welcome', title: 'Welcome back', body: '<p>Hi</p>' };
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open the welcome
        </button>
        {open && <PostModal post={post} onClose={() => setOpen(false)} />}
      </>
    );
  }

  it('after the modal closes, focus returns to what opened it', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open the welcome' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Welcome back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe("a post modal's image", () => {
  it("shows the post's 800 px image above its body, or its original image", () => {
    const base = { slug: 'welcome', title: 'Welcome back', body: '<p>Hi</p>' };
    const { container, unmount } = render(
      <PostModal
        post={{ ...base, image: '/media/a.webp', medium_image: '/media/a-800.webp' }}
        onClose={() => {}}
      />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/a-800.webp');
    unmount();
    const again = render(
      <PostModal post={{ ...base, image: '/media/a.webp' }} onClose={() => {}} />,
    );
    expect(again.container.querySelector('img')).toHaveAttribute('src', '/media/a.webp');
  });

  it('shows no image the content policy refuses', () => {
    const { container } = render(
      <PostModal
        post={{ slug: 'x', title: 'X', body: '', image: 'javascript:alert(1)' }}
        onClose={() => {}}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
  });
});
