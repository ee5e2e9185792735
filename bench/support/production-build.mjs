// Loaded with `--import` after tsx by the bench scripts: Switchboard's own modules (src/) load from
// the build (dist/src/, which the script builds first when stale), as `npm start` runs them; the
// benches themselves and their support stay TypeScript under tsx. tsx's transform of src/ keeps
// every function's name with a helper call where the function is made, which a hot path pays for.
import { register } from 'node:module';

register('./production-build-hooks.mjs', import.meta.url);
