// The V8 flags the server process runs with (docs/operations.md, Memory). npm start and the
// benchmarks pass these; the systemd unit sets the same in NODE_OPTIONS (tests/deploy checks it).
//
// --max-semi-space-size: V8 grows the young generation to 64 MB a half (128 MB committed) under a
// steady stream of requests, and its garbage counts in the resident set until a scavenge; 8 MB a
// half keeps it small for a few per cent more CPU a request (more, cheaper scavenges).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
