// The Node flags the server process runs with, wherever it is started: `npm start`
// (scripts/start.mjs), the systemd unit (deploy/systemd/campus-portal@.service, checked by
// tests/deploy/server-flags.test.ts) and the benchmarks that start a built server.
//
// `--optimize-for-size`: V8 keeps its heap near what is live instead of letting garbage promoted
// by requests in flight pile up before a full collection. Under bench:api's load (50 connections
// on one cached read, 2 cores, 2026-11-24) the server's live heap was about 41 MB, yet without
// the flag its resident set peaked at 220-300 MB (heap used 183 MB, nearly all garbage: the same
// load under a 64 MB old-space cap ran without error). With it: 124 MB idle-to-peak, for about
// 15 % more CPU per request. Unlike a heap cap, it cannot end a process whose in-process cache
// (up to 50,000 entries) has honestly grown.
export const SERVER_NODE_FLAGS = ['--optimize-for-size', '--max-semi-space-size=16'];
