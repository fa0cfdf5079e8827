import { createContext, use } from 'react';
import type { ReactNode } from 'react';

/**
 * A value from the records, in the records' language (issue 76). What the SIS, the feeds, the
 * campus's links and the staff wrote is English: on a page in another language it is marked
 * `lang="en"`, so a screen reader reads it with English rules (WCAG 3.1.2). Where the campus gives
 * its own name for a value in the reader's language (the campus configuration's `recordNames`:
 * programs, holds, offices, tools), that name is shown instead, unmarked.
 */
export const RECORDS_LANG = 'en';

/** The campus's names for record values in the reader's language, by the record's English value. */
export const RecordNamesContext = /* @__PURE__ */ createContext<Readonly<Record<string, string>>>(
  {},
);

/** A value as the reader gets it: the campus's name in their language, else the English, marked. */
export interface RecordName {
  text: string;
  lang?: typeof RECORDS_LANG;
}

/** Names a record's value as `RecordText` does, for a value that is an attribute or a sentence's part. */
export function useRecordName(): (value: string) => RecordName {
  const names = use(RecordNamesContext);
  return (value) => {
    const own = Object.hasOwn(names, value) ? names[value] : undefined;
    return own === undefined ? { text: value, lang: RECORDS_LANG } : { text: own };
  };
}

/**
 * A value from the records inside a text of the page: its campus name in the reader's language, or
 * the record's English in a `<span lang="en">`. Anything else (a number, a link around the value)
 * is wrapped as English as it is.
 */
export function RecordText({ children }: { children: ReactNode }) {
  const nameOf = useRecordName();
  if (typeof children !== 'string') return <span lang={RECORDS_LANG}>{children}</span>;
  const name = nameOf(children);
  return <span lang={name.lang}>{name.text}</span>;
}
