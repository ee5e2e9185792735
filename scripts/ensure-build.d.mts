/** The compiled entry the CLI and `npm start` run. */
export declare const ENTRY: string;
/** True when dist/ has to be (re)built from src/. */
export declare const buildIsStale: (root?: string) => boolean;
/** What the first start (or the first after src/ changed) says before it builds. */
export declare const buildNotice: (root?: string) => string;
/** Runs the TypeScript compiler when dist/ is stale; what it says goes to `say` (stderr by default). */
export declare const ensureBuild: (root?: string, say?: (text: string) => void) => void;
