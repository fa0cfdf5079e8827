import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Building } from '../../../../contract/buildings.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { MAX_MAP_QUERY } from '../../../lib/map-query.js';
import type { MapEntry } from '../../../lib/campus-map.js';
import { formatClockTime } from '../../../lib/time.js';
import { PlaceLinks } from '../academics/place-links.js';
import { SectionStatus } from '../section-status.js';
import type { SectionStatusValue } from '../section-status.js';
import './campus-map.css';

export interface CampusMapProps {
  toolbar: ReactNode;
  /** The search as the address has it (`?q=`). */
  query: string;
  /** A new search typed (the page's scripts); without them the form sends `?q=` itself. */
  onQuery: (query: string) => void;
  /** The buildings' read: `empty` when the campus lists none. */
  status: SectionStatusValue;
  /** The buildings the search finds, today's classes' first. */
  entries: MapEntry[];
  onRetry: () => void;
}

/** "MTH 251, 10:00": a class today, by its course and its start. */
const classToday = (m: Meeting) =>
  `${m.SUBJECTCODE} ${m.COURSENUMBER}${m.STARTTIME ? `, ${formatClockTime(m.STARTTIME)}` : ''}`;

/** The building's name, marked English where the campus named it in English only. */
const NameOf = ({ building }: { building: Building }) => (
  <span lang={building.lang}>{building.name}</span>
);

function BuildingItem({ entry }: { entry: MapEntry }) {
  const { building, today } = entry;
  const id = `building-${building.code.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <li className="campus-map__building" aria-labelledby={id}>
      <h2 id={id} className="campus-map__name">
        <NameOf building={building} /> <span className="muted">({building.code})</span>
      </h2>
      {today.length > 0 && (
        <p className="campus-map__today">
          <Trans>Today: {today.map(classToday).join('; ')}</Trans>
        </p>
      )}
      <p className="campus-map__address">{building.address}</p>
      {building.accessibleEntrance && (
        <p className="campus-map__entrance">
          <Trans>Accessible entrance: {building.accessibleEntrance}</Trans>
        </p>
      )}
      <PlaceLinks place={building} named={<NameOf building={building} />} />
    </li>
  );
}

/**
 * Issue 89, the campus map (`/map`): every building the campus lists, found by code or name, with
 * its address, its step-free entrance, and Map and Directions; today's classes' buildings first.
 * A list with links: no map tiles or third-party scripts load. The search is a form that sends
 * `?q=` where scripts are off, and filters as it is typed where they run.
 */
export function CampusMap({ toolbar, query, onQuery, status, entries, onRetry }: CampusMapProps) {
  const { t } = useLingui();
  return (
    <section className="page campus-map" aria-labelledby="map-title">
      {toolbar}
      <form
        className="campus-map__search"
        role="search"
        aria-labelledby="campus-map-q-label"
        action="/map"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          onQuery(typeof q === 'string' ? q : '');
        }}
      >
        <label id="campus-map-q-label" htmlFor="campus-map-q">
          <Trans>Find a building by its name or code</Trans>
        </label>
        <div className="campus-map__row">
          <input
            id="campus-map-q"
            className="campus-map__input"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_MAP_QUERY}
            autoComplete="off"
            onInput={(event) => onQuery(event.currentTarget.value)}
          />
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      <SectionStatus
        status={status}
        emptyText={t`The campus has not listed its buildings.`}
        errorText={t`Unable to retrieve the campus buildings`}
        onRetry={onRetry}
      >
        {() =>
          entries.length === 0 ? (
            <p className="muted" role="status">
              <Trans>No building matches “{query}”.</Trans>
            </p>
          ) : (
            <>
              <p className="visually-hidden" role="status">
                {plural(entries.length, { one: '# building', other: '# buildings' })}
              </p>
              <ul className="campus-map__list">
                {entries.map((entry) => (
                  <BuildingItem key={entry.building.code} entry={entry} />
                ))}
              </ul>
            </>
          )
        }
      </SectionStatus>
    </section>
  );
}
