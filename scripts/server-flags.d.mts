/** The Node flags the server process runs with (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
