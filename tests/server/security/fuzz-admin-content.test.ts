import { FUZZ_GROUPS, fuzzEndpoints } from './fuzz-endpoints.js';

await fuzzEndpoints("the admin's posts, pages, messages and dashboard", FUZZ_GROUPS.adminContent);
