import { FUZZ_GROUPS, fuzzEndpoints } from './fuzz-endpoints.js';

await fuzzEndpoints(
  'the rest of the admin (reach, choices, tasks, publishers, grants …)',
  FUZZ_GROUPS.admin,
);
