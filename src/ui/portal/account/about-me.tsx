import { Trans, useLingui } from '@lingui/react/macro';
import type { PersonInfo } from '../../../../contract/sis/person-info.schema.js';
import { RecordText } from '../../record-text.js';

export interface AboutMeProps {
  person: PersonInfo;
  /** portal.md §5: with VETERAN_ELIGIBILITY "Y", the certification link is an external form. */
  veteranFormUrl: string;
}

/**
 * portal.md §2/§3 About me: the advanced profile. Sexual orientation, gender identity, race and
 * ethnicity are never displayed (the server does not even send them).
 */
export function AboutMe({ person, veteranFormUrl }: AboutMeProps) {
  const { t } = useLingui();
  // The names are the person's; the rest are the SIS's words, in the records' language.
  const rows: Array<[string, string | null, boolean]> = [
    [t`Display name`, person.DISPLAY_NAME, false],
    [t`Preferred name`, person.PREFERRED_NAME, false],
    [t`Legal name`, person.LEGAL_NAME, false],
    [t`Pronouns`, person.PRONOUNS, true],
    [t`Citizenship status`, person.CITIZENSHIP_STATUS, true],
    [t`Veteran classification`, person.VETERAN_CLASSIFICATION, true],
    [t`Disability classification`, person.DISABILITY_CLASSIFICATION, true],
  ];
  return (
    <>
      <dl className="info-grid">
        {rows.map(([label, value, record]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={record ? undefined : 'person-name'}>
              {value === null ? (
                t`Not on record`
              ) : record ? (
                <RecordText>{value}</RecordText>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {person.VETERAN_ELIGIBILITY === 'Y' && (
        <p>
          <a href={veteranFormUrl} target="_blank" rel="noreferrer">
            <Trans>Request veteran-benefit certification</Trans>
          </a>
        </p>
      )}
    </>
  );
}
