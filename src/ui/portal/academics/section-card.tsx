import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Loading } from '../../loading.js';
import { ReadFailedText } from '../../read-failed.js';
import './academics.css';

/** A card title inside a sentence: "Class schedule" → "class schedule", an acronym ("GPA") kept. */
export const inSentence = (title: string) =>
  /^[A-Z]{2,}\b/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);

export type SectionState = 'loading' | 'loaded' | 'empty' | 'error';

export interface SectionCardProps {
  id: string;
  title: string;
  state: SectionState;
  /** What the section says when there is nothing to show (portal.md §8 empty texts). */
  emptyText: ReactNode;
  onRetry: () => void;
  /** portal.md §4 Loaders: "Error retrieving info" unless the section has its own §8 sentence. */
  errorText?: string;
  className?: string;
  /** Controls shown in every state, under the title (the grades' term picker). */
  toolbar?: ReactNode;
  children?: ReactNode;
}

/** One section of the Academics page: its own loading, error (with a retry) and empty states. */
export function SectionCard({
  id,
  title,
  state,
  emptyText,
  onRetry,
  errorText,
  className = '',
  toolbar,
  children,
}: SectionCardProps) {
  const { t } = useLingui();
  const section = inSentence(title);
  return (
    <section className={`acad-card ${className}`} aria-labelledby={`${id}-heading`} id={id}>
      <h2 className="acad-card__title" id={`${id}-heading`}>
        {title}
      </h2>
      {toolbar}
      {state === 'loading' && <Loading label={t`Loading ${section}…`} />}
      {state === 'error' && (
        <div className="acad-card__error">
          <ReadFailedText errorText={errorText} />
          <button type="button" className="button button--quiet" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {state === 'empty' && <p className="acad-card__empty">{emptyText}</p>}
      {state === 'loaded' && children}
    </section>
  );
}

/** A label and its value, as the cards list them. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="acad-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
