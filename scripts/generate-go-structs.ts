// Generates src/api/generated/go-structs.json: for every Go struct reachable from the served 1.33 kinds, its JSON
// fields in declaration order (embedded inline structs expanded) with how encoding/json writes each:
//   "name!"  no omitempty: always written (null, "", 0 or false when unset)
//   "name~"  a struct value (or Time, Quantity, IntOrString, Duration): always written
//   "name*"  omitempty on a pointer to a scalar: written whenever set, zero included (replicas: 0)
//   "name!*" a pointer without omitempty: null when unset (a Deployment's selector, GRPCAction.service)
//   "name"   omitempty: dropped when false, 0, "", nil, or an empty slice or map
// Sources: the per-struct field lists (order and omitempty, taken from the Go struct tags) in
// ../shared/specs/defaults.md Appendix A, and the scalar pointer fields kubelite's protobuf codec already
// declares (src/endpoints/negotiation/protobuf-pointer-fields.ts). Structure only; no prose is copied.
// Usage: node --import tsx scripts/generate-go-structs.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POINTER_FIELDS } from '../src/endpoints/negotiation/protobuf-pointer-fields.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const spec = readFileSync(join(repoRoot, '..', 'shared', 'specs', 'defaults.md'), 'utf8');
const appendix = spec.slice(spec.indexOf('## Appendix A'));

/** `core/v1` for the proto package `k8s.io.api.core.v1` (and meta/v1, apiextensions/v1). */
function packageKey(protoPackage: string): string {
  const parts = protoPackage.split('.');
  return `${parts.at(-2)}/${parts.at(-1)}`;
}

const pointers = new Map<string, Set<string>>();
for (const [pkg, lines] of Object.entries(POINTER_FIELDS)) {
  for (const line of lines) {
    const [type, fields] = line.split(':');
    pointers.set(`${packageKey(pkg)}.${type!.trim()}`, new Set(fields!.trim().split(/\s+/)));
  }
}

// Struct pointers without omitempty (the appendix marks them `!` like struct values, which are written as {}).
const STRUCT_POINTERS: Record<string, string[]> = {
  'core/v1.ScaleIOVolumeSource': ['secretRef'],
  'core/v1.ScaleIOPersistentVolumeSource': ['secretRef'],
  'apps/v1.DeploymentSpec': ['selector'],
  'apps/v1.ReplicaSetSpec': ['selector'],
  'apps/v1.StatefulSetSpec': ['selector'],
  'apps/v1.DaemonSetSpec': ['selector'],
  'authentication/v1.TokenRequestSpec': ['boundObjectRef'],
};
for (const [type, fields] of Object.entries(STRUCT_POINTERS)) {
  const set = pointers.get(type) ?? new Set();
  for (const f of fields) set.add(f);
  pointers.set(type, set);
}

const out: Record<string, Record<string, string>> = {};
let pkg = '';
let inBlock = false;
for (const line of appendix.split('\n')) {
  const heading = /^#### (\S+)$/.exec(line);
  if (heading) {
    pkg = heading[1]!;
    out[pkg] ??= {};
    continue;
  }
  if (line.startsWith('```')) {
    inBlock = !inBlock;
    continue;
  }
  if (!inBlock || !pkg) continue;
  const m = /^([A-Za-z0-9_.]+): (.*)$/.exec(line.trim());
  if (!m) continue;
  const type = m[1]!.replace(/^[a-z]+\./, '');
  const ptr = pointers.get(`${pkg}.${type}`);
  const fields = m[2]!.split(/\s+/).map((f) => (ptr?.has(f.replace(/[!~]$/, '')) ? `${f}*` : f));
  out[pkg]![type] = fields.join(' ');
}

writeFileSync(join(repoRoot, 'src', 'api', 'generated', 'go-structs.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`${Object.values(out).reduce((n, t) => n + Object.keys(t).length, 0)} structs in ${Object.keys(out).length} packages`);
