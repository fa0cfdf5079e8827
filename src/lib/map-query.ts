/**
 * At most this many characters of a campus map search are read (the address's `?q=`, issue 89). A
 * file of its own, importing nothing: the route's search schema is on the first route, the buildings'
 * schema is not.
 */
export const MAX_MAP_QUERY = 100;
