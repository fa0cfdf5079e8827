import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { normaliseLink } from '../../../contract/link.rules.js';
import type { ModalPost } from '../../../contract/modal-post.schema.js';
import { useSanitizedHtml } from '../../lib/rich-text.js';
import { safeImage } from './content/hero.js';

/**
 * The overlay and dialog box; focus moves to the dialog so keyboard and reader users land in it, and
 * back to what opened it once it closes (the dialog leaves the page with its owner, so the browser's
 * own return of focus on close() cannot be relied on).
 */
function Dialog({
  title,
  children,
  onDismiss,
}: {
  title: string;
  children: ReactNode;
  /** Escape closes the dialog only when it can be dismissed; the provisional notice cannot. */
  onDismiss?: () => void;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement;
    // A modal <dialog> makes the rest of the page inert: focus cannot leave it.
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal();
    } else {
      element.setAttribute('open', '');
    }
    element.focus();
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal__box"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss?.();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** portal.md §8 provisional-account modal; the single-sign-on name is configuration. */
export function ProvisionalModal({
  ssoName,
  accountManagerUrl,
}: {
  ssoName: string;
  accountManagerUrl: string;
}) {
  const { t } = useLingui();
  return (
    <Dialog title={t`Please log in with your ${ssoName} account`}>
      <p>
        <Trans>
          It looks like you are using a provisional email account. The portal works with your{' '}
          {ssoName} account, the university&apos;s single sign-on.
        </Trans>
      </p>
      <p>
        <Trans>
          Recently admitted and don&apos;t have an {ssoName} account yet? Set one up at the{' '}
          <a href={accountManagerUrl}>account manager</a>. Already have one? Log out and log back in
          with it.
        </Trans>
      </p>
      <p className="modal__actions">
        <a href="/logout" className="button">
          <Trans>Log out</Trans>
        </a>
      </p>
    </Dialog>
  );
}

/** A post modal; its link text defaults to "Read more" (portal.md §9). */
export function PostModal({ post, onClose }: { post: ModalPost; onClose: () => void }) {
  const body = useSanitizedHtml(post.body);
  const actionLink = post.action_link ? normaliseLink(post.action_link) : null;
  // The 800 px copy fits the dialog; the original image when there is no copy.
  const image = safeImage(post.medium_image ?? null) ?? safeImage(post.image ?? null);
  return (
    <Dialog title={post.title} onDismiss={onClose}>
      {image && <img className="modal__image" src={image} alt="" />}
      <div className="modal__body" dangerouslySetInnerHTML={{ __html: body }} />
      <p className="modal__actions">
        {actionLink && (
          <a href={actionLink} className="button">
            {post.link_text || <Trans>Read more</Trans>}
          </a>
        )}
        <button type="button" className="button button--quiet" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </p>
    </Dialog>
  );
}
