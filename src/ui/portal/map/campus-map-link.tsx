import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/**
 * Resources' way to the campus map (issue 89), above what the campus published there: the map is
 * the portal's own page, there whatever the campus writes on Resources.
 */
export function CampusMapLink() {
  return (
    <p className="campus-map-link">
      <Link to="/map">
        <Trans>Campus map</Trans>
      </Link>
      {': '}
      <Trans>find a building by its name or code, its step-free entrance and directions.</Trans>
    </p>
  );
}
