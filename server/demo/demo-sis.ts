import type { SisRecordInput } from '../sis/sample-record.js';
import { SampleSis } from '../sis/sample-adapter.js';
import type { SisPerson } from '../sis/port.js';
import { demoAcademics } from './demo-academics.js';
import { demoContact } from './demo-contact.js';
import { demoFinances } from './demo-finances.js';

const demoRecord: SisRecordInput = { ...demoAcademics, ...demoContact, ...demoFinances };

/** The university ID of the demo sample's student. */
export const DEMO_NINE_NUMBER = '900999999';

/** Whom the demo sample describes. */
export const demoPerson: SisPerson = { username: 'demo', persona: 'demo' };

/**
 * While a request's data source is `demo` (plugins/app/data-sources.ts), every integration answers from
 * this sample SIS (checked against the contract like any fixture), never from the user's own record
 * and never through the cache.
 */
export const demoSis = new SampleSis({ demo: demoRecord });
