/** Where `npm start` finds the compiled server. */
export declare const SERVER_BUNDLE: string;
/** Compiles the server into `outfile` (by default SERVER_BUNDLE). */
export declare function buildServer(outfile?: string): Promise<void>;
/** Compiles the server if the bundle is missing or older than its sources; answers whether it did. */
export declare function ensureServerBuild(): Promise<boolean>;
