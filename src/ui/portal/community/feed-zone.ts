import { createContext } from 'react';
import { CAMPUS_ZONE } from '../../../lib/time.js';

/** The campus's time zone, the clock an item's time is read on (the portal frame provides it). */
export const FeedZoneContext = createContext(CAMPUS_ZONE);
