// The generated Go struct shapes agree with the 1.33 protobuf descriptors, whose fields go-to-protobuf emits in
// Go declaration order: every struct listed in both has the same JSON fields in the same order (inline structs
// expanded).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generatedDir } from './generated-dir.js';
import { loadGoStructs } from './catalog.js';

type Descriptor = { nested?: Record<string, Descriptor>; fields?: Record<string, { id: number; type: string; options?: { json?: string; inline?: boolean } }> };

test('field order of the generated Go structs matches the proto descriptors', () => {
  const root = JSON.parse(readFileSync(generatedDir() + 'proto-descriptor.json', 'utf8')) as Descriptor;
  const messages = new Map<string, Descriptor>();
  const walk = (d: Descriptor, path: string[]) => {
    for (const [name, child] of Object.entries(d.nested ?? {})) {
      const p = [...path, name];
      if (child.fields) messages.set(p.join('.'), child);
      walk(child, p);
    }
  };
  walk(root, []);
  const jsonFields = (msgName: string, pkg: string): string[] => {
    const m = messages.get(msgName);
    if (!m?.fields) return [];
    const out: string[] = [];
    for (const [name, f] of Object.entries(m.fields)) {
      if (f.options?.inline) out.push(...jsonFields(f.type.includes('.') ? f.type.replace(/^\./, '') : `${pkg}.${f.type}`, pkg));
      else out.push(f.options?.json ?? name);
    }
    return out;
  };
  let compared = 0;
  const mismatches: string[] = [];
  for (const [pkgKey, structs] of Object.entries(loadGoStructs())) {
    const [group, version] = pkgKey.split('/');
    const pkg = group === 'meta' ? 'k8s.io.apimachinery.pkg.apis.meta.v1' : `k8s.io.api.${group}.${version}`;
    for (const [type, line] of Object.entries(structs)) {
      const proto = jsonFields(`${pkg}.${type}`, pkg);
      if (!proto.length) continue;
      const ours = line.split(' ').map((f) => f.replace(/[!~*]+$/, '')).filter((f) => f !== 'kind' && f !== 'apiVersion');
      const theirs = proto.filter((f) => f !== 'kind' && f !== 'apiVersion');
      compared++;
      if (ours.join(' ') !== theirs.join(' ')) mismatches.push(`${pkgKey}.${type}: ${ours.join(' ')} <> ${theirs.join(' ')}`);
    }
  }
  assert.ok(compared > 300, `only ${compared} structs compared`);
  assert.deepEqual(mismatches, []);
});
