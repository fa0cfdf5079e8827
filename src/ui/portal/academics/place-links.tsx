import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Meeting, MeetingPlace } from '../../../../contract/sis/schedule.schema.js';
import { directionsUrl, mapsPlatformOf } from '../../../lib/directions.js';
import { NewTabNote } from '../../new-tab-note.js';
import { RecordText } from '../../record-text.js';
import './place-links.css';

const noChange = () => () => {};
const platform = () => mapsPlatformOf(navigator.userAgent, navigator.maxTouchPoints);

/**
 * Issue 89, maps to classes: a class's building on the campus's map, and directions to it in the
 * phone's own maps app. The server draws the web map's directions; the browser then names its own
 * app (`useSyncExternalStore`: no mismatch when the page hydrates). Each link names the building to
 * a screen reader, which reads a row's links out of their row: the record's name (`RecordText`),
 * or `named`, a name already in the reader's language (the campus map's).
 */
export function PlaceLinks({ place, named }: { place: MeetingPlace; named?: ReactNode }) {
  const directions = useSyncExternalStore(
    noChange,
    () => directionsUrl(place, platform()),
    () => directionsUrl(place, 'web'),
  );
  const where = (
    <span className="visually-hidden">: {named ?? <RecordText>{place.name}</RecordText>}</span>
  );
  return (
    <span className="place-links">
      <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Map</Trans>
        {where}
        <NewTabNote />
      </a>
      <a href={directions} target="_blank" rel="noopener noreferrer">
        <Trans>Directions</Trans>
        {where}
        <NewTabNote />
      </a>
    </span>
  );
}

/**
 * The site a building stands on, after its name, where the campus has more than one ("Science
 * Hall · North Campus"; issue 89): the records' words, marked as such.
 */
export function PlaceSite({ place }: { place: MeetingPlace }) {
  return place.site ? (
    <>
      {' · '}
      <RecordText>{place.site}</RecordText>
    </>
  ) : null;
}

/**
 * A class's place with a listed building: the building's name (the campus's in the reader's
 * language, through its record names; its name where the record wrote only its code, "SCI") and
 * the room, and its site where the campus has several, then its Map and Directions.
 */
export function ListedPlace({ meeting, place }: { meeting: Meeting; place: MeetingPlace }) {
  const written = meeting.BUILDING?.trim();
  const byCode = !written || written.toLowerCase() === place.code.toLowerCase();
  return (
    <>
      <span>
        <RecordText>{byCode ? place.name : written}</RecordText>
        {meeting.ROOM && ` ${meeting.ROOM}`}
        <PlaceSite place={place} />
      </span>
      <PlaceLinks place={place} />
    </>
  );
}
