/** The server's environment with its memory allocator (allocator.mjs). */
export declare function allocatorEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
