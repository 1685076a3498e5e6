// Extension libraries the conformance run adds to the standard environment (strings extension and friends).
import type { CelLibrary } from './env.js';

export function conformanceLibraries(): CelLibrary[] {
  return [];
}
