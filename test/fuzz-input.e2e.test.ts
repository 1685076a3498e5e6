// A seeded fuzz test of hostile input against a real server over TLS: bodies of built-in kinds and of a custom
// resource, mutated with deep nesting (around the limit and far beyond), nulls, values of the wrong type, dot
// names, malformed metadata, YAML aliases and alias bombs, sent as create, update, every patch type and delete.
// No answer may be an unexpected 5xx or carry a JavaScript error text, a rejected request must store nothing,
// and the server must still be ready at the end. The seed is fixed (FUZZ_SEED overrides it to explore).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { MAX_NESTING_DEPTH } from '../src/config/nesting-depth.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CASES = Number(process.env.FUZZ_CASES ?? 400);

/** mulberry32: a small, fast, seedable PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (p: number): boolean => rand() < p;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Kind {
  resource: string;
  path: string;
  key: (name: string) => string;
  builtin: boolean;
  doc: (name: string) => { [k: string]: Json };
}

const container = (): Json => ({ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }], env: [{ name: 'A', value: 'b' }] });
const KINDS: Kind[] = [
  { resource: 'configmaps', path: '/api/v1/namespaces/default/configmaps', key: (n) => `/registry/configmaps/default/${n}`, builtin: true, doc: (name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'x' } }, data: { k: 'v' } }) },
  { resource: 'pods', path: '/api/v1/namespaces/default/pods', key: (n) => `/registry/pods/default/${n}`, builtin: true, doc: (name) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [container()] } }) },
  {
    resource: 'services',
    path: '/api/v1/namespaces/default/services',
    key: (n) => `/registry/services/default/${n}`,
    builtin: true,
    doc: (name) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: 'x' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } }),
  },
  {
    resource: 'deployments',
    path: '/apis/apps/v1/namespaces/default/deployments',
    key: (n) => `/registry/deployments/default/${n}`,
    builtin: true,
    doc: (name) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name },
      spec: { replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [container()] } } },
    }),
  },
  {
    resource: 'secrets',
    path: '/api/v1/namespaces/default/secrets',
    key: (n) => `/registry/secrets/default/${n}`,
    builtin: true,
    doc: (name) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'Opaque', data: { k: 'dmFsdWU=' }, stringData: { s: 'v' } }),
  },
  {
    resource: 'things',
    path: '/apis/example.com/v1/namespaces/default/things',
    key: (n) => `/registry/example.com/things/default/${n}`,
    builtin: false,
    doc: (name) => ({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name, labels: { app: 'x' }, finalizers: ['example.com/f'] }, spec: { size: 1, tags: ['a'] } }),
  },
];

// Deep values are written as text (the test process need not hold them): a token in the JSON is replaced.
const deepTexts: string[] = [];
function deep(): string {
  const depth = pick([MAX_NESTING_DEPTH - 3, MAX_NESTING_DEPTH - 1, MAX_NESTING_DEPTH + 1, MAX_NESTING_DEPTH + 5, 1000, 9000, 12000]);
  const text = chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
  deepTexts.push(text);
  return `__DEEP_${deepTexts.length - 1}__`;
}
const withDeep = (json: string): string => json.replace(/"__DEEP_(\d+)__"/g, (_m, i: string) => deepTexts[Number(i)]!);

const DOT_NAMES = ['.', '..', 'a..b', '..a', 'a/b', '%2e%2e', 'a%2Fb', '...', 'A', '-a', 'a'.repeat(300)];
function hostileValue(): Json {
  switch (Math.floor(rand() * 12)) {
    case 0:
      return null;
    case 1:
      return deep();
    case 2:
      return pick(DOT_NAMES);
    case 3:
      return [null];
    case 4:
      return { a: null };
    case 5:
      return pick([0, -1, 1.5, 2 ** 53, 1e308]);
    case 6:
      return pick([true, false]);
    case 7:
      return {};
    case 8:
      return [];
    case 9:
      return { $patch: pick(['delete', 'replace', 'x']) };
    case 10:
      return [{ name: null, port: '80' }];
    default:
      return 'x';
  }
}

/** Every path to a value in a document, as key lists. */
function paths(v: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(v)) v.forEach((e, i) => paths(e, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

function setAt(doc: Json, path: Array<string | number>, value: Json): Json {
  if (path.length === 0) return value;
  let cur = doc as { [k: string]: Json } | Json[];
  for (const p of path.slice(0, -1)) cur = (cur as Record<string, Json>)[p as string] as { [k: string]: Json };
  (cur as Record<string, Json>)[path[path.length - 1] as string] = value;
  return doc;
}

const META_FIELDS = ['finalizers', 'labels', 'annotations', 'ownerReferences', 'generation', 'generateName', 'namespace', 'uid', 'managedFields', 'deletionGracePeriodSeconds'];

function mutate(doc: { [k: string]: Json }): { [k: string]: Json } {
  const out = structuredClone(doc);
  const n = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) {
    const r = rand();
    const md = out.metadata;
    if (r < 0.3 && md !== null && typeof md === 'object' && !Array.isArray(md)) {
      md[pick(META_FIELDS)] = hostileValue();
    } else if (r < 0.45) {
      // A new key somewhere.
      const targets = paths(out).filter((p) => {
        let v: Json = out;
        for (const k of p) v = (v as Record<string, Json>)[k as string]!;
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const p = pick(targets);
      setAt(out, [...p, pick(['a', 'spec', 'kind', 'x.y', '..'])], hostileValue());
    } else if (r < 0.5) {
      out[pick(['kind', 'apiVersion'])] = hostileValue();
    } else {
      const p = pick(paths(out).filter((q) => q.length > 0 && q[0] !== 'apiVersion' && q[0] !== 'kind'));
      setAt(out, p, hostileValue());
    }
  }
  return out;
}

/** YAML (flow style, with anchors and aliases sometimes, or an alias bomb). */
function yamlOf(doc: { [k: string]: Json }): string {
  if (chance(0.1)) {
    const width = 2 + Math.floor(rand() * 9);
    const levels = 2 + Math.floor(rand() * 8);
    const lines = [`a: &a [${Array(width).fill('"x"').join(',')}]`];
    for (let l = 1; l < levels; l++) lines.push(`l${l}: &l${l} [${Array(width).fill(l === 1 ? '*a' : `*l${l - 1}`).join(',')}]`);
    return `${withDeep(JSON.stringify(doc)).slice(0, -1)}, ${lines.map((x) => x.replace(': ', ': ')).join(', ')}}`;
  }
  const text = withDeep(JSON.stringify(doc));
  if (chance(0.3) && text.includes('"labels":{')) return `# anchors\n${text.replace('"labels":{', '"labels": &l {').replace(/\}$/, ', "extra": *l}')}`;
  return text;
}

function jsonPatchOps(doc: { [k: string]: Json }): Json[] {
  const ops: Json[] = [];
  const n = 1 + Math.floor(rand() * 3);
  const ptr = (p: Array<string | number>) => '/' + p.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  for (let i = 0; i < n; i++) {
    const p = pick(paths(doc).filter((q) => q.length > 0));
    switch (Math.floor(rand() * 6)) {
      case 0:
        ops.push({ op: 'remove', path: pick([ptr(p), '/kind', '/apiVersion', '/metadata/name', '/metadata']) });
        break;
      case 1:
        ops.push({ op: 'replace', path: pick([ptr(p), '/kind', '/metadata/finalizers', '/metadata/labels']), value: hostileValue() });
        break;
      case 2:
        ops.push({ op: 'add', path: ptr([...p.slice(0, -1), '-']), value: hostileValue() });
        break;
      case 3:
        ops.push({ op: 'copy', from: ptr(p), path: pick(['/metadata/annotations', '/spec/x', '/data/y']) });
        break;
      case 4:
        ops.push({ op: 'test', path: ptr(p), value: hostileValue() });
        break;
      default:
        ops.push({ op: pick(['move', 'bogus', null]), from: ptr(p), path: ptr(p) });
    }
  }
  return ops;
}

let s: TestServer;
/** The error type of every request the panic-recovery filter caught, in order. */
const panics: string[] = [];

before(async () => {
  const sink = {
    write(line: string): void {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
      if (entry.msg === 'request handler panicked') panics.push(`${entry.err?.type}: ${entry.err?.message}`);
    },
  };
  // The memory engine keeps the run short; storage engines have their own conformance suite.
  s = await startTestServer({ storageBackend: 'memory' }, pino({ level: 'error' }, sink));
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'things', singular: 'thing', kind: 'Thing', listKind: 'ThingList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } },
        },
      ],
    },
  };
  const r = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(crd) });
  assert.equal(r.status, 201, r.body);
  for (let i = 0; i < 100 && (await s.request('GET', KINDS.find((k) => k.resource === 'things')!.path)).status !== 200; i++) await new Promise((res) => setTimeout(res, 50));
});
after(async () => {
  await s.close();
});

// Go's and kube's words only: these come from JavaScript.
const JS_TEXT = /TypeError|RangeError|ReferenceError|SyntaxError: Unexpected|is not a function|Cannot read prop|Cannot set prop|is not iterable|Maximum call stack|undefined|\[object Object\]|NaN/;

/**
 * 5xx answers kube itself gives for these inputs: its panics on some malformed patches (kubelite throws
 * ApiserverPanic where kube's Go code panics), and errors it passes on without a reason (server-side apply of a
 * body that does not fit the schema, strategic merge patch library errors).
 */
function expected5xx(status: number, body: string, verb: string, contentType: string, panic: string | undefined): boolean {
  if (status !== 500) return false;
  if (body === 'This request caused apiserver to panic. Look in the logs for details.\n') return panic?.startsWith('ApiserverPanic:') === true;
  try {
    const st = JSON.parse(body) as { message?: string; reason?: string };
    if (st.reason !== undefined) return false;
    if (verb.startsWith('apply')) return (st.message ?? '').startsWith('failed to create typed patch object');
    return contentType === 'application/strategic-merge-patch+json';
  } catch {
    return false;
  }
}

test(`seeded fuzz of hostile bodies (seed ${SEED}, ${CASES} cases): no unexpected 5xx, no JavaScript text, nothing stored when rejected`, { timeout: 120_000 }, async () => {
  const failures: string[] = [];
  const counts = new Map<number, number>();
  for (let i = 0; i < CASES; i++) {
    deepTexts.length = 0;
    const kind = pick(KINDS);
    const target = `t-${kind.resource}`;
    // The target of updates and patches exists (a fuzz delete may have removed it).
    const existing = await s.storage.get(kind.key(target));
    if (!existing.kv) {
      const c = await s.request('POST', kind.path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(kind.doc(target)) });
      assert.equal(c.status, 201, c.body);
    }
    const verb = pick(['create-json', 'create-yaml', 'update', 'merge', 'smp', 'json-patch', 'apply', 'apply-json', 'delete', 'get-dots', 'status', 'scale']);
    const fresh = `f${i}`;
    const base = kind.doc(verb.startsWith('create') ? fresh : target);
    const mutated = mutate(base);
    let method = 'POST';
    let path = kind.path;
    let ct = 'application/json';
    let body: string | undefined;
    let watched = kind.key(verb.startsWith('create') ? fresh : target);
    switch (verb) {
      case 'create-json':
        body = withDeep(JSON.stringify(mutated));
        break;
      case 'create-yaml':
        ct = 'application/yaml';
        body = yamlOf(mutated);
        break;
      case 'update': {
        method = 'PUT';
        path = `${kind.path}/${target}`;
        body = withDeep(JSON.stringify(mutated));
        break;
      }
      case 'merge':
      case 'smp': {
        method = 'PATCH';
        path = `${kind.path}/${target}`;
        ct = verb === 'merge' ? 'application/merge-patch+json' : 'application/strategic-merge-patch+json';
        const { apiVersion: _a, kind: _k, ...partial } = mutated;
        body = withDeep(JSON.stringify(chance(0.8) ? partial : mutated));
        break;
      }
      case 'json-patch':
        method = 'PATCH';
        path = `${kind.path}/${target}`;
        ct = 'application/json-patch+json';
        body = withDeep(JSON.stringify(jsonPatchOps(base)));
        break;
      case 'apply':
      case 'apply-json':
        method = 'PATCH';
        path = `${kind.path}/${target}?fieldManager=fuzz${chance(0.5) ? '&force=true' : ''}`;
        ct = 'application/apply-patch+yaml';
        body = verb === 'apply' ? yamlOf(mutated) : withDeep(JSON.stringify(mutated));
        break;
      case 'delete':
        method = 'DELETE';
        path = `${kind.path}/${target}`;
        body = withDeep(JSON.stringify(pick<Json>([null, [], 'x', 1, { gracePeriodSeconds: 'x' }, { preconditions: null }, { propagationPolicy: null }, { dryRun: [null] }, { preconditions: { uid: 'nope' } }, deep()])));
        break;
      case 'status': {
        // The status sub-resource: an update or any patch type, of the whole object.
        method = pick(['PUT', 'PATCH']);
        path = `${kind.path}/${target}/status`;
        ct = method === 'PUT' ? 'application/json' : pick(['application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/json-patch+json']);
        body = withDeep(JSON.stringify(ct === 'application/json-patch+json' ? jsonPatchOps(base) : mutated));
        break;
      }
      case 'scale': {
        method = pick(['PUT', 'PATCH']);
        path = `${kind.path}/${target}/scale`;
        ct = method === 'PUT' ? 'application/json' : pick(['application/merge-patch+json', 'application/json-patch+json']);
        const scale = mutate({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: target, namespace: 'default' }, spec: { replicas: 2 } });
        body = withDeep(JSON.stringify(ct === 'application/json-patch+json' ? jsonPatchOps(scale) : scale));
        break;
      }
      default:
        method = 'GET';
        path = `${kind.path}/${encodeURIComponent(pick(DOT_NAMES)).replace(/%25/g, '%')}`;
        watched = '';
    }
    const before = watched ? (await s.storage.get(watched)).kv?.modRev : undefined;
    const panicsBefore = panics.length;
    const started = Date.now();
    const r = await s.request(method, path, { headers: { 'content-type': ct }, body });
    if (process.env.FUZZ_VERBOSE) console.log(`#${i} ${verb} ${kind.resource} ${r.status} ${Date.now() - started}ms ${(body ?? '').length}B`);
    const panic = panics.length > panicsBefore ? panics[panics.length - 1] : undefined;
    counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    const label = `#${i} ${verb} ${kind.resource} ${path} → ${r.status}`;
    if (r.status >= 500 && !expected5xx(r.status, r.body, verb, ct, panic)) failures.push(`${label}: ${r.body.slice(0, 300)} ${panic ?? ''} // sent ${(body ?? '').slice(0, 400)}`);
    if (JS_TEXT.test(r.status >= 400 ? r.body : '')) failures.push(`${label}: JavaScript text in ${r.body.slice(0, 300)}`);
    if (r.status >= 400 && watched) {
      const now = (await s.storage.get(watched)).kv?.modRev;
      if (now !== before) failures.push(`${label}: a rejected request changed ${watched} (${before} → ${now})`);
    }
  }
  const ready = await s.request('GET', '/readyz');
  assert.equal(ready.status, 200);
  assert.equal((await s.request('GET', '/livez')).status, 200);
  assert.deepEqual(failures, [], `statuses seen: ${JSON.stringify([...counts].sort())}`);
  // The run exercised both sides: accepted writes and rejections.
  assert.ok([...counts.keys()].some((c) => c < 300));
  assert.ok([...counts.keys()].some((c) => c >= 400));
});
