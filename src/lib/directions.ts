import type { MeetingPlace } from '../../contract/sis/schedule.schema.js';

/**
 * Issue 89: directions to a building in the phone's own maps app: `geo:` on Android (the app the
 * person chose), Apple Maps on iPhone and iPad, and a web map elsewhere (OpenStreetMap's route to
 * the building's coordinates, the same map the portal links by default).
 */
export type MapsPlatform = 'android' | 'apple' | 'web';

export function mapsPlatformOf(userAgent: string, maxTouchPoints = 0): MapsPlatform {
  if (/Android/i.test(userAgent)) return 'android';
  // iPadOS writes a desktop Safari's user agent; its touch points tell it apart.
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1))
    return 'apple';
  return 'web';
}

export function directionsUrl(
  place: Pick<MeetingPlace, 'name' | 'latitude' | 'longitude'>,
  platform: MapsPlatform,
): string {
  const at = `${place.latitude},${place.longitude}`;
  switch (platform) {
    case 'android':
      return `geo:${at}?q=${encodeURIComponent(`${at}(${place.name})`)}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${encodeURIComponent(at)}&q=${encodeURIComponent(place.name)}`;
    case 'web':
      return `https://www.openstreetmap.org/directions?route=${encodeURIComponent(`;${at}`)}`;
  }
}
