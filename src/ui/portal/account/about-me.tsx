import { Trans, useLingui } from '@lingui/react/macro';
import type { PersonInfo } from '../../../../contract/sis/person-info.schema.js';

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
  const rows: Array<[string, string | null]> = [
    [t`Display name`, person.DISPLAY_NAME],
    [t`Preferred name`, person.PREFERRED_NAME],
    [t`Legal name`, person.LEGAL_NAME],
    [t`Pronouns`, person.PRONOUNS],
    [t`Citizenship status`, person.CITIZENSHIP_STATUS],
    [t`Veteran classification`, person.VETERAN_CLASSIFICATION],
    [t`Disability classification`, person.DISABILITY_CLASSIFICATION],
  ];
  return (
    <>
      <dl className="info-grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? t`Not on record`}</dd>
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
