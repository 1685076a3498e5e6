// Extension libraries the conformance run adds to the standard environment.
import type { CelLibrary } from './env.js';
import { KUBE_LIBRARIES, stringsExtension } from './kube-libraries.js';

/** The strings extension at its newest version (the suite tracks newest cel-go), and the sets extension. */
export function conformanceLibraries(): CelLibrary[] {
  return [stringsExtension(3), KUBE_LIBRARIES.sets!()];
}
