import { FUZZ_GROUPS, fuzzEndpoints } from './fuzz-endpoints.js';

await fuzzEndpoints('the API, the sign-in and the pages', FUZZ_GROUPS.api);
