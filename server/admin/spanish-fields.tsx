import { translationFields } from '../../contract/translations.schema.js';
import type { FormState } from './fields.js';
import { Input, Textarea } from './fields.js';
import type { FieldKind, FormValues } from './forms.js';

/**
 * Issue 59: the Spanish version of a post, message or task, beside the English one. Optional: a
 * Spanish reader sees the English, marked as English, where no Spanish is given.
 */
export function SpanishFields(props: {
  state: FormState;
  bodyLabel: string;
  bodyHint?: string;
  linkText?: boolean;
}) {
  const { state, bodyLabel, bodyHint, linkText } = props;
  return (
    <fieldset className="spanish">
      <legend>Spanish version (optional)</legend>
      <p className="hint">
        Spanish readers see these in place of the English; without a Spanish title they see the
        English.
      </p>
      <Input state={state} name="title_es" label="Title in Spanish" lang="es" />
      <Textarea state={state} name="body_es" label={bodyLabel} hint={bodyHint} lang="es" />
      {linkText ? (
        <Input state={state} name="link_text_es" label="Link text in Spanish" lang="es" />
      ) : null}
    </fieldset>
  );
}

/** How the Spanish fields become the contract's JSON (`textOrNull`: empty is none). */
export const SPANISH_FORM: Record<string, FieldKind> = {
  title_es: 'textOrNull',
  body_es: 'textOrNull',
};
/** A post's, with its link text. */
export const SPANISH_POST_FORM: Record<string, FieldKind> = {
  ...SPANISH_FORM,
  link_text_es: 'textOrNull',
};

/** A stored item's Spanish as its form shows it; `markdown`: a post's Spanish Markdown. */
export function spanishValues(translations: string, markdown?: string | null): FormValues {
  const es = translationFields(translations);
  return {
    title_es: es.title_es ?? '',
    body_es: markdown ?? es.body_es ?? '',
    link_text_es: es.link_text_es ?? '',
  };
}
