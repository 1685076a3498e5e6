// The value-level CEL libraries: plain-JS values in and out, CelLibraryError with cel-go's and
// Kubernetes' texts, and per library the declarations (function, overload id, signature) to bind.

import { CIDR_OVERLOADS } from './cidr.js';
import { FORMAT_OVERLOADS } from './format.js';
import { IP_OVERLOADS } from './ip.js';
import { LISTS_OVERLOADS } from './lists.js';
import type { OverloadDecl } from './overloads.js';
import { QUANTITY_OVERLOADS } from './quantity.js';
import { REGEX_OVERLOADS } from './regex.js';
import { SEMVER_OVERLOADS } from './semver.js';
import { SETS_OVERLOADS } from './sets.js';
import { STRINGS_OVERLOADS } from './strings.js';
import { URL_OVERLOADS } from './urls.js';

export * from './cidr.js';
export * from './cost.js';
export * from './errors.js';
export * from './format.js';
export * from './ip.js';
export * as lists from './lists.js';
export * from './overloads.js';
export * from './quantity.js';
export * from './regex.js';
export * from './semver.js';
export * from './sets.js';
export * as strings from './strings.js';
export * from './urls.js';

/** Declarations per library, keyed by the names Kubernetes' environment uses for them. */
export const LIBRARY_OVERLOADS: Readonly<Record<string, readonly OverloadDecl[]>> = {
  'kubernetes.lists': LISTS_OVERLOADS,
  'kubernetes.regex': REGEX_OVERLOADS,
  'kubernetes.urls': URL_OVERLOADS,
  'kubernetes.quantity': QUANTITY_OVERLOADS,
  'kubernetes.net.ip': IP_OVERLOADS,
  'kubernetes.net.cidr': CIDR_OVERLOADS,
  'kubernetes.format': FORMAT_OVERLOADS,
  'kubernetes.Semver': SEMVER_OVERLOADS,
  'cel.lib.ext.strings': STRINGS_OVERLOADS,
  'cel.lib.ext.sets': SETS_OVERLOADS,
};
