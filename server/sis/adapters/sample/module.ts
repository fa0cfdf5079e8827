import { SampleSis } from '../../sample-adapter.js';
import type { SisAdapterModule } from '../adapter-module.js';

/** The embedded sample: nothing to connect to. */
export const sample: SisAdapterModule = {
  open: () => new SampleSis(),
};
