// kube-apiserver's --runtime-config: which group-versions and resources are served. Parsing, validation and
// merge follow kube-apiserver 1.33 (ConfigurationMap parsing, ConvertLegacyGroup, APIEnablementOptions.Validate,
// MergeAPIResourceConfigs), including the texts of the start-up errors.
import { gvString, type ResourceInfo } from './resource-info.js';

const matchers: [string, (version: string) => boolean][] = [
  ['api/all', () => true],
  ['api/ga', (v) => /^v\d+$/.test(v)],
  ['api/beta', (v) => /^v\d+beta\d+$/.test(v)],
  ['api/alpha', (v) => /^v\d+alpha\d+$/.test(v)],
];
const matcherKeys = new Set(matchers.map(([k]) => k));

/** Parses `k1=v1,k2,k3=v3` the way kube's ConfigurationMap does: a missing value is "", later keys win. */
export function parseRuntimeConfig(value: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of value.split(',')) {
    if (part.length === 0) continue;
    const eq = part.indexOf('=');
    if (eq >= 0) m.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    else m.set(part.trim(), '');
  }
  return m;
}

// The core group has no name: "v1", "v1/<resource>", "api/v1" and "api/v1/<resource>" all mean "/v1...".
function convertLegacyGroup(m: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of m) {
    if (key === 'api/legacy') continue;
    if (key === 'v1' || key.startsWith('v1/')) out.set('/' + key, value);
    else if (key === 'api/v1') out.set('/v1', value);
    else if (key.startsWith('api/v1/') && key.split('/').length === 3) out.set('/v1/' + key.split('/')[2], value);
    else out.set(key, value);
  }
  return out;
}

// Go's strconv.ParseBool.
function parseBool(key: string, value: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw new Error(`invalid value of ${key}: ${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
}

function validate(m: Map<string, string>, groups: Set<string>): void {
  const generic = new Map<string, string>();
  for (const [key, value] of m) {
    const n = key.split('/').length;
    // kube-apiserver's message has this spelling
    if (n !== 2 && n !== 3) throw new Error(`invliad key ${key}`);
    // kube validates group/version/resource keys too, but then overwrites that result with the generic
    // validation of the group/version keys: unknown groups in 3-part keys are silently ignored.
    if (n === 2) generic.set(key, value);
  }
  if (generic.get('api/all') === 'false' && generic.size === 1) throw new Error('invalid key with only api/all=false');
  const unknown: string[] = [];
  for (const key of generic.keys()) {
    if (matcherKeys.has(key)) continue;
    const group = key.split('/')[0]!;
    if (!groups.has(group) && !unknown.includes(group)) unknown.push(group);
  }
  if (unknown.length > 0) throw new Error(`unknown api groups ${unknown.join(',')}`);
}

/**
 * Returns the resources served under `runtimeConfig` (the flag's value). `resources` is every resource the server
 * can serve (the registry), each with `enabledByDefault` (absent = true). Throws an Error with kube-apiserver's
 * message for a bad key or value.
 */
export function applyRuntimeConfigTo(resources: ResourceInfo[], runtimeConfig: string): ResourceInfo[] {
  const overrides = convertLegacyGroup(parseRuntimeConfig(runtimeConfig));
  const groups = new Set(resources.map((r) => r.group));
  const versions = new Set(resources.map((r) => `${r.group}/${r.version}`));
  validate(overrides, groups);

  // Version preference starts at the defaults; explicit resource preferences override it.
  const versionEnabled = new Map<string, boolean>();
  for (const r of resources) {
    const k = `${r.group}/${r.version}`;
    versionEnabled.set(k, (versionEnabled.get(k) ?? false) || r.enabledByDefault !== false);
  }
  const resourcePref = new Map<string, boolean>();
  const setVersion = (gv: string, on: boolean) => {
    versionEnabled.set(gv, on);
    for (const k of [...resourcePref.keys()]) if (k.startsWith(gv + '/')) resourcePref.delete(k);
  };

  for (const [key, match] of matchers) {
    const value = overrides.get(key);
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') throw new Error(`invalid value ${key}=${value}`);
    for (const gv of versionEnabled.keys()) if (match(gv.slice(gv.indexOf('/') + 1))) setVersion(gv, value === 'true');
  }

  const versionPrefs: [string, boolean][] = [];
  const resourcePrefs: [string, boolean][] = [];
  for (const [key, value] of overrides) {
    if (matcherKeys.has(key)) continue;
    const tokens = key.split('/');
    if (tokens.length < 2 || tokens.length > 3) continue;
    const [group, version] = tokens as [string, string];
    if (!groups.has(group)) continue;
    if (!versions.has(`${group}/${version}`)) throw new Error(`group version ${gvString(group, version)} that has not been registered`);
    const enabled = value === '' ? true : parseBool(key, value);
    if (tokens.length === 2) versionPrefs.push([`${group}/${version}`, enabled]);
    else {
      const resource = tokens[2]!;
      if (resource.toLowerCase() !== resource) {
        throw new Error(`invalid key ${key}: group/version/resource and resource is always lowercase plural, not ${JSON.stringify(resource)}`);
      }
      resourcePrefs.push([`${group}/${version}/${resource}`, enabled]);
    }
  }
  for (const [gv, on] of versionPrefs) setVersion(gv, on);
  for (const [gvr, on] of resourcePrefs) resourcePref.set(gvr, on);

  return resources.filter((r) => resourcePref.get(`${r.group}/${r.version}/${r.resource}`) ?? versionEnabled.get(`${r.group}/${r.version}`) ?? false);
}
