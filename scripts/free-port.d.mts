/** A port nothing listens on: what the system gives for port 0 on 127.0.0.1, closed again at once. */
export declare function freePort(): Promise<number>;
/** freePort(), synchronously (a child process asks). */
export declare function freePortSync(): number;
/** E2E_PORT when it is set (it must be a port number), else a free port. */
export declare function e2ePort(env?: Record<string, string | undefined>): number;
