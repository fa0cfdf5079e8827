import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';

export interface VeteranBenefitsProps {
  /** VETERAN_ELIGIBILITY "Y". */
  eligible: boolean;
  formUrl: string;
  officeUrl: string;
}

/**
 * portal.md §5: a student eligible for veteran benefits goes straight to the external certification
 * form; anyone else gets a modal saying who can help.
 */
export function VeteranBenefits({ eligible, formUrl, officeUrl }: VeteranBenefitsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useLingui();
  const label = t`Veteran benefit certification`;
  if (eligible) {
    return (
      <a href={formUrl} target="_blank" rel="noreferrer">
        <Trans>Veteran benefit certification (opens the form in a new tab)</Trans>
      </a>
    );
  }
  const open = () => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  };
  const close = () => {
    const element = dialog.current;
    if (element && typeof element.close === 'function') element.close();
    else element?.removeAttribute('open');
  };
  return (
    <>
      <button type="button" className="acad-link-button" onClick={open} aria-haspopup="dialog">
        {label}
      </button>
      <dialog ref={dialog} className="modal__box" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {label}
        </h2>
        <p>
          <Trans>
            Our records do not show you as eligible for veteran education benefits this term. If you
            are a veteran or a military family member and plan to use benefits, the Veterans
            Services office can check your eligibility and certify your enrollment.
          </Trans>
        </p>
        <p>
          <a href={officeUrl} target="_blank" rel="noreferrer">
            <Trans>Contact Veterans Services</Trans>
          </a>
        </p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={close}>
            <Trans>Close</Trans>
          </button>
        </div>
      </dialog>
    </>
  );
}
