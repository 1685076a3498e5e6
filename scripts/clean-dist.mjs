// Removes the compiled output so that `npm test` builds from scratch: a deleted or renamed test cannot keep
// running from a stale dist/.
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
