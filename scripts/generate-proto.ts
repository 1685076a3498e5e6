// Generates src/api/generated/proto-descriptor.json: the wire schema of every built-in kind, taken from the
// Kubernetes 1.33 generated.proto files in ../shared/k8s-proto-v1.33, as a protobufjs JSON descriptor.
// Run: node --import tsx scripts/generate-proto.ts
//
// Besides the protobufjs structure, fields carry three options the JSON form needs and the proto files lack:
//   json: "<name>"  the field's JSON name where it differs from the proto name (`uID` → `uid`, `ref` → `$ref`)
//   inline: true    the Go field is embedded and JSON inlines its fields (`localObjectReference`, `volumeSource`)
//   ptr: true       the Go field is a pointer, so a zero value on the wire is meaningful (protobuf-pointer-fields.ts)
// JSON names and inlining come from the 1.33 OpenAPI schemas (../shared/k8s-openapi-v1.33): a proto field whose
// name is not a property of the kind's schema is matched to one ignoring case and punctuation, or, if its
// message's fields are all properties of the parent, marked inline. Messages without a schema (unserved
// versions, review kinds) take the answer from a message of the same name that has one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { POINTER_FIELDS } from '../src/endpoints/negotiation/protobuf-pointer-fields.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const protoDir = path.resolve(repoRoot, '../shared/k8s-proto-v1.33');
const openapiDir = path.resolve(repoRoot, '../shared/k8s-openapi-v1.33');
const outFile = path.join(repoRoot, 'src/api/generated/proto-descriptor.json');

// Messages converted as a whole by the decoder (their fields have no JSON names of their own).
const VALUE_TYPES = new Set([
  'Time', 'MicroTime', 'Duration', 'Quantity', 'QuantityValue', 'IntOrString', 'RawExtension', 'FieldsV1',
  'JSON', 'JSONSchemaPropsOrArray', 'JSONSchemaPropsOrBool', 'JSONSchemaPropsOrStringArray', 'Unknown', 'TypeMeta',
]);

function listFiles(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, suffix));
    else if (e.name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

function loadProtos(): protobuf.Root {
  const root = new protobuf.Root();
  // Imports are Go-style paths (k8s.io/apimachinery/...), which is how the folder tree is laid out.
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(protoDir, target));
  root.loadSync(listFiles(protoDir, '.proto'), { keepCase: true });
  root.resolveAll();
  return root;
}

interface Schema {
  properties?: Record<string, unknown>;
}

function loadSchemas(): Map<string, Schema> {
  const schemas = new Map<string, Schema>();
  for (const file of listFiles(openapiDir, '.json')) {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { components?: { schemas?: Record<string, Schema> } };
    for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) schemas.set(name, s);
  }
  return schemas;
}

/** `k8s.io.api.core.v1.Pod` → `io.k8s.api.core.v1.Pod`, the OpenAPI schema name of the same Go type. */
const schemaName = (fullName: string): string =>
  fullName.replace(/^k8s\.io\./, 'io.k8s.').replace('apiextensions_apiserver', 'apiextensions-apiserver');

/** The package without its version: `.k8s.io.api.apps.v1beta2.Deployment` → `.k8s.io.api.apps`. */
const groupOf = (t: protobuf.Type): string => t.parent!.fullName.replace(/\.v\d+((alpha|beta)\d+)?$/, '');

const normalise = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

function allTypes(ns: protobuf.NamespaceBase): protobuf.Type[] {
  const out: protobuf.Type[] = [];
  for (const child of ns.nestedArray) {
    if (child instanceof protobuf.Type) out.push(child);
    if (child instanceof protobuf.Namespace || child instanceof protobuf.Type) out.push(...allTypes(child));
  }
  return out;
}

type Mapping = { json: string } | { inline: true } | null;

/** The JSON name of each field of a message whose schema is known; null where it equals the proto name. */
function mapFromSchema(type: protobuf.Type, props: Record<string, unknown>, jsonNames: (t: protobuf.Type) => Set<string>): Map<string, Mapping> {
  const out = new Map<string, Mapping>();
  const byNorm = new Map(Object.keys(props).map((p) => [normalise(p), p]));
  for (const field of type.fieldsArray) {
    if (Object.hasOwn(props, field.name)) {
      out.set(field.name, null);
      continue;
    }
    const renamed = byNorm.get(normalise(field.name));
    if (renamed) {
      out.set(field.name, { json: renamed });
      continue;
    }
    const rt = field.resolvedType;
    if (rt instanceof protobuf.Type && !field.repeated && !field.map && [...jsonNames(rt)].every((n) => Object.hasOwn(props, n))) {
      out.set(field.name, { inline: true });
      continue;
    }
    throw new Error(`no JSON name for ${type.fullName}.${field.name}`);
  }
  return out;
}

function main(): void {
  const root = loadProtos();
  const schemas = loadSchemas();
  const types = allTypes(root).filter((t) => !VALUE_TYPES.has(t.name));
  const mappings = new Map<protobuf.Type, Map<string, Mapping>>();

  // The JSON names a message contributes when inlined (recursively for nested inlining).
  const jsonNames = (t: protobuf.Type): Set<string> => {
    const m = mappings.get(t);
    const names = new Set<string>();
    for (const f of t.fieldsArray) {
      const mapping = m?.get(f.name);
      if (mapping && 'inline' in mapping && f.resolvedType instanceof protobuf.Type) jsonNames(f.resolvedType).forEach((n) => names.add(n));
      else names.add(mapping && 'json' in mapping ? mapping.json : f.name);
    }
    return names;
  };

  // Pass 1: messages with a schema, inner types first so that nested inlining resolves.
  const withSchema = types.filter((t) => schemas.get(schemaName(t.fullName.slice(1)))?.properties);
  const byShortName = new Map<string, Map<string, Mapping>>();
  for (let pending = withSchema, round = 0; pending.length && round < 5; round++) {
    const next: protobuf.Type[] = [];
    for (const t of pending) {
      try {
        const m = mapFromSchema(t, schemas.get(schemaName(t.fullName.slice(1)))!.properties!, jsonNames);
        mappings.set(t, m);
        for (const key of [`${groupOf(t)}.${t.name}`, t.name]) if (!byShortName.has(key)) byShortName.set(key, m);
      } catch (e) {
        if (round === 4) throw e;
        next.push(t);
      }
    }
    pending = next;
  }

  // Pass 2: messages without a schema borrow from a namesake in the same group, else in any group, else keep
  // the proto names (checked against the Go json tags of v0.33: they agree for every field).
  for (const t of types) {
    if (mappings.has(t)) continue;
    const borrowed = byShortName.get(`${groupOf(t)}.${t.name}`) ?? byShortName.get(t.name);
    const m = new Map<string, Mapping>();
    for (const f of t.fieldsArray) {
      const b = borrowed?.get(f.name);
      if (b !== undefined) m.set(f.name, b);
      else m.set(f.name, null);
    }
    mappings.set(t, m);
  }

  // Go slice types (ExtraValue, Verbs) are messages with one repeated field in proto and plain arrays in JSON.
  const listTypes = new Set<string>();
  for (const t of withSchema) {
    const props = schemas.get(schemaName(t.fullName.slice(1)))!.properties!;
    for (const f of t.fieldsArray) {
      const rt = f.resolvedType;
      const mapping = mappings.get(t)?.get(f.name);
      const prop = props[mapping && 'json' in mapping ? mapping.json : f.name] as { type?: string; additionalProperties?: { type?: string } } | undefined;
      const jsonType = f.map ? prop?.additionalProperties?.type : prop?.type;
      if (rt instanceof protobuf.Type && jsonType === 'array' && !f.repeated && rt.fieldsArray.length === 1 && rt.fieldsArray[0]!.repeated) {
        listTypes.add(rt.name);
      }
    }
  }
  for (const t of types) if (listTypes.has(t.name) && t.fieldsArray.length === 1 && t.fieldsArray[0]!.repeated) t.options = { list: true };

  for (const [t, m] of mappings) {
    for (const f of t.fieldsArray) {
      const mapping = m.get(f.name);
      if (mapping) f.options = { ...mapping };
    }
  }

  // Pointer fields.
  for (const [pkg, entries] of Object.entries(POINTER_FIELDS)) {
    for (const entry of entries) {
      const [msg, fieldList] = entry.split(': ') as [string, string];
      const t = root.lookupType(`${pkg}.${msg}`);
      for (const name of fieldList.split(' ')) {
        const f = t.fields[name];
        if (!f) throw new Error(`pointer field ${pkg}.${msg}.${name} is not in the proto`);
        f.options = { ...f.options, ptr: true };
      }
    }
  }

  // Structure only: no comments, no file options (go_package).
  const json = root.toJSON({ keepComments: false });
  // Each type keeps its "edition": "proto2": protobufjs reads a type without one as proto3 (packed repeated
  // scalars on encode), which is not how kube writes them.
  const strip = (ns: protobuf.INamespace & { options?: unknown }): void => {
    delete ns.options;
    for (const child of Object.values(ns.nested ?? {})) if (!('fields' in child)) strip(child as protobuf.INamespace);
  };
  strip(json);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const text = `${JSON.stringify(json)}\n`;
  fs.writeFileSync(outFile, text);
  console.log(`wrote ${path.relative(repoRoot, outFile)}: ${types.length} messages, ${text.length} bytes`);
}

main();
