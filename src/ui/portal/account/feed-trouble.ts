import { useLingui } from '@lingui/react/macro';
import type { CourseworkSource } from '../../../../contract/coursework.schema.js';

/**
 * What Account's Coursework calendar says of a feed that stopped working or could not be read
 * lately, in the reader's language: src/lib/coursework.ts's sentences (`brokenMessage`), each a
 * whole sentence for each site, as the site's name changes the sentence around it in Spanish.
 */
export function useFeedTrouble() {
  const { t } = useLingui();
  return {
    broken: (source: CourseworkSource, canvas: boolean) =>
      canvas
        ? t`Your Canvas connection stopped working — connect Canvas again`
        : source === 'canvas'
          ? t`Your Canvas calendar link stopped working — paste the new one`
          : source === 'moodle'
            ? t`Your Moodle calendar link stopped working — paste the new one`
            : t`Your course site calendar link stopped working — paste the new one`,
    stale: (source: CourseworkSource, canvas: boolean) =>
      canvas
        ? t`Canvas could not be read lately; the dates shown may have changed.`
        : source === 'canvas'
          ? t`Your Canvas calendar could not be read lately; the dates shown may have changed.`
          : source === 'moodle'
            ? t`Your Moodle calendar could not be read lately; the dates shown may have changed.`
            : t`Your course site calendar could not be read lately; the dates shown may have changed.`,
  };
}
