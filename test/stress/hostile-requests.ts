// A seeded generator of hostile requests, each with the answer kube-apiserver 1.33 gives it (code, reason and
// message, exact wherever kube's text is a function of the input). Every request is one kube rejects or only reads,
// so a run must store nothing. Kinds: truncated and deeply nested JSON, deep YAML, YAML alias bombs, invalid UTF-8,
// Protobuf garbage under the Protobuf content type, broken patches of every patch type, odd and encoded names, names
// and labels over their limits, bad list/watch/delete options, bad Content-Type and Accept headers, oversized bodies.
import { MAX_NESTING_DEPTH } from '../../src/config/nesting-depth.js';

export interface Expected {
  code: number;
  /** Absent: the answer is not a Status (kube's own plain-text answers) or the reason is not checked. */
  reason?: string;
  message?: string | RegExp;
}

export interface HostileRequest {
  category: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  expect: Expected;
}

export const NS = 'default';
export const CMS = `/api/v1/namespaces/${NS}/configmaps`;
/** An existing ConfigMap every patch and delete targets (it must survive the run unchanged). */
export const TARGET = 'hostile-target';
export const MAX_BODY = 3 * 1024 * 1024;

const JSON_CT = { 'content-type': 'application/json' };
const YAML_CT = { 'content-type': 'application/yaml' };
const PROTO_CT = { 'content-type': 'application/vnd.kubernetes.protobuf' };
const MERGE_CT = { 'content-type': 'application/merge-patch+json' };
const SMP_CT = { 'content-type': 'application/strategic-merge-patch+json' };
const JSONPATCH_CT = { 'content-type': 'application/json-patch+json' };
const APPLY_CT = { 'content-type': 'application/apply-patch+yaml' };

const KINDS = [
  { kind: 'ConfigMap', path: CMS, doc: (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'x' } }, data: { k: 'v', other: 'value' } }) },
  { kind: 'Secret', path: `/api/v1/namespaces/${NS}/secrets`, doc: (name: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, type: 'Opaque', stringData: { password: 'hunter2' } }) },
  {
    kind: 'Service',
    path: `/api/v1/namespaces/${NS}/services`,
    doc: (name: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: 'x' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } }),
  },
] as const;

/** kube's summary of a body in decode errors: the first 30 bytes, as text for JSON objects and as hex otherwise. */
export function summarize(body: Buffer | string): string {
  const b = Buffer.isBuffer(body) ? body : Buffer.from(body);
  if (b.length === 0) return '<empty>';
  const head = b.subarray(0, 30);
  const more = b.length > 30 ? ' ...' : '';
  return b[0] === 0x7b ? head.toString('latin1') + more : head.toString('hex') + more;
}

const unrecognized = (kind: string, err: string, body: Buffer | string): string => `the object provided is unrecognized (must be of type ${kind}): ${err} (${summarize(body)})`;
const badRequest = (message: string | RegExp): Expected => ({ code: 400, reason: 'BadRequest', message });
const invalid = (message: string | RegExp): Expected => ({ code: 422, reason: 'Invalid', message });
const nested = (open: string, close: string, inner: string, n: number): string => open.repeat(n) + inner + close.repeat(n);
const DNS_SUBDOMAIN_TEXT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

export class HostileGenerator {
  constructor(private readonly rand: () => number) {}

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)]!;
  }
  private word(n: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.rand() * alphabet.length)];
    return s;
  }
  private name(): string {
    return `h${this.word(this.int(3, 12))}`;
  }

  /** Categories and their weights. */
  private readonly makers: Array<[number, () => HostileRequest]> = [
    [10, () => this.truncatedJson()],
    [6, () => this.deepJson()],
    [3, () => this.deepYaml()],
    [3, () => this.aliasBomb()],
    [8, () => this.invalidUtf8()],
    [5, () => this.protobufGarbage()],
    [14, () => this.brokenPatch()],
    [8, () => this.oddName()],
    [5, () => this.longName()],
    [6, () => this.longLabel()],
    [14, () => this.badQuery()],
    [6, () => this.badHeaders()],
    [6, () => this.badOptions()],
    [0.15, () => this.oversized()],
    [0.3, () => this.tooManyOps()],
  ];
  private readonly totalWeight = this.makers.reduce((n, [w]) => n + w, 0);

  next(): HostileRequest {
    let r = this.rand() * this.totalWeight;
    for (const [w, make] of this.makers) {
      if ((r -= w) < 0) return make();
    }
    return this.makers[0]![1]();
  }

  truncatedJson(): HostileRequest {
    const k = this.pick(KINDS);
    const full = JSON.stringify(k.doc(this.name()));
    const body = full.slice(0, this.int(1, full.length - 1));
    return { category: 'truncated-json', method: 'POST', path: k.path, headers: JSON_CT, body, expect: badRequest(unrecognized(k.kind, "couldn't get version/kind; json parse error: unexpected end of JSON input", body)) };
  }

  deepJson(): HostileRequest {
    const depth = this.pick([MAX_NESTING_DEPTH + 1, MAX_NESTING_DEPTH + this.int(2, 50), this.int(1000, 12000)]);
    const arrays = this.rand() < 0.5;
    const open = arrays ? '[' : '{"a":';
    const close = arrays ? ']' : '}';
    const err = `couldn't get version/kind; json parse error: invalid character '${arrays ? '[' : '{'}' exceeded max depth`;
    if (this.rand() < 0.5) {
      const body = nested(open, close, arrays ? '' : '1', depth);
      return { category: 'deep-json', method: 'POST', path: CMS, headers: JSON_CT, body, expect: badRequest(unrecognized('ConfigMap', err, body)) };
    }
    // Inside an object: the document (1) > data (2) > the nested values from depth 3 on.
    const body = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${this.name()}"},"data":{"a":${nested(open, close, arrays ? '' : '1', depth)}}}`;
    return { category: 'deep-json', method: 'POST', path: CMS, headers: JSON_CT, body, expect: badRequest(unrecognized('ConfigMap', err, body)) };
  }

  deepYaml(): HostileRequest {
    const depth = this.int(MAX_NESTING_DEPTH + 1, 3000);
    if (this.rand() < 0.5) {
      const body = nested('[', ']', '', depth);
      return { category: 'deep-yaml', method: 'POST', path: CMS, headers: YAML_CT, body, expect: badRequest(unrecognized('ConfigMap', `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`, body)) };
    }
    const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${this.name()}\ndata:\n  a: ${nested('[', ']', '', depth)}\n`;
    if (this.rand() < 0.5) {
      return { category: 'deep-yaml', method: 'POST', path: CMS, headers: YAML_CT, body, expect: badRequest(unrecognized('ConfigMap', `yaml: line 6: exceeded max depth of ${MAX_NESTING_DEPTH}`, body)) };
    }
    return {
      category: 'deep-yaml',
      method: 'PATCH',
      path: `${CMS}/${TARGET}?fieldManager=hostile`,
      headers: APPLY_CT,
      body,
      expect: badRequest(`error decoding YAML: error converting YAML to JSON: yaml: line 6: exceeded max depth of ${MAX_NESTING_DEPTH}`),
    };
  }

  aliasBomb(): HostileRequest {
    const width = this.int(9, 12);
    const levels = this.int(9, 10);
    const letters = 'abcdefghijklmnop';
    const lines = [`a: &a [${Array(width).fill('"x"').join(',')}]`];
    for (let l = 1; l < levels; l++) lines.push(`${letters[l]}: &${letters[l]} [${Array(width).fill(`*${letters[l - 1]}`).join(',')}]`);
    const body = lines.join('\n') + '\n';
    if (this.rand() < 0.5) {
      return { category: 'alias-bomb', method: 'POST', path: CMS, headers: YAML_CT, body, expect: badRequest(unrecognized('ConfigMap', 'yaml: document contains excessive aliasing', body)) };
    }
    return {
      category: 'alias-bomb',
      method: 'PATCH',
      path: `${CMS}/${TARGET}?fieldManager=hostile`,
      headers: APPLY_CT,
      body,
      expect: badRequest('error decoding YAML: error converting YAML to JSON: yaml: document contains excessive aliasing'),
    };
  }

  /** Invalid UTF-8 in keys and values of an object kube rejects for its name: decoded as U+FFFD, as Go does. */
  invalidUtf8(): HostileRequest {
    const bad = (): Buffer => Buffer.from(Array.from({ length: this.int(1, 4) }, () => this.pick([0xff, 0xfe, 0xc3, 0x80, 0xe2, 0xed, 0xf8])));
    const name = `Bad_${this.word(this.int(1, 8))}`;
    // Not in a data key: kube would also reject the key (U+FFFD is no valid config key character).
    const where = this.int(1, 2);
    const parts = [
      Buffer.from(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}"},"data":{"`),
      where === 0 ? bad() : Buffer.from('k'),
      Buffer.from('":"'),
      where === 1 ? bad() : Buffer.from('v'),
      Buffer.from('"}'),
      where === 2 ? Buffer.concat([Buffer.from(',"'), bad(), Buffer.from('":1')]) : Buffer.alloc(0),
      Buffer.from('}'),
    ];
    return {
      category: 'invalid-utf8',
      method: 'POST',
      path: CMS,
      headers: JSON_CT,
      body: Buffer.concat(parts),
      expect: invalid(`ConfigMap "${name}" is invalid: metadata.name: Invalid value: "${name}": ${DNS_SUBDOMAIN_TEXT}`),
    };
  }

  protobufGarbage(): HostileRequest {
    const n = this.int(0, 64);
    const garbage = Buffer.from(Array.from({ length: n }, () => this.int(0, 255)));
    if (this.rand() < 0.5) {
      if (garbage[0] === 0x7b) garbage[0] = 0x7a; // a body starting with '{' is summarized as text
      if (garbage.subarray(0, 4).equals(Buffer.from('k8s\0'))) garbage[0] = 0;
      const body = n === 0 ? Buffer.from([1]) : garbage;
      return {
        category: 'protobuf-garbage',
        method: 'POST',
        path: CMS,
        headers: PROTO_CT,
        body,
        expect: badRequest(unrecognized('ConfigMap', 'provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]', body)),
      };
    }
    // After the prefix, a field (5 to 15, none of Unknown's) with the illegal wire type 7.
    const body = Buffer.concat([Buffer.from('k8s\0'), Buffer.from([(this.int(5, 15) << 3) | 7]), garbage]);
    return {
      category: 'protobuf-garbage',
      method: this.pick(['POST', 'PUT']),
      path: this.rand() < 0.5 ? CMS : `${CMS}/${TARGET}`,
      headers: PROTO_CT,
      body,
      expect: badRequest(unrecognized('ConfigMap', 'proto: illegal wireType 7', body)),
    };
  }

  brokenPatch(): HostileRequest {
    const path = `${CMS}/${TARGET}`;
    const patch = (category: string, headers: Record<string, string>, body: string, expect: Expected, query = ''): HostileRequest => ({ category: `patch-${category}`, method: 'PATCH', path: path + query, headers, body, expect });
    const nonObject = this.pick<[string, string]>([
      ['[]', 'array'],
      ['"x"', 'string'],
      ['5', 'number'],
      ['true', 'bool'],
      ['[1,2]', 'array'],
    ]);
    const validMerge = JSON.stringify({ metadata: { labels: { a: this.word(5) } }, data: { k: this.word(8) } });
    const validOps = JSON.stringify([{ op: 'replace', path: '/data/k', value: this.word(6) }, { op: 'add', path: '/metadata/labels/b', value: 'c' }]);
    switch (this.int(0, 11)) {
      case 0:
        return patch('json', JSONPATCH_CT, this.pick(['{}', '"x"', '5', 'true', '{"op":"add"}']), badRequest(/^error decoding patch: json: cannot unmarshal (object|string|number|bool) into Go value of type \[\]handlers\.jsonPatchOp$/));
      case 1:
        return patch('json', JSONPATCH_CT, validOps.slice(0, this.int(1, validOps.length - 1)), badRequest('error decoding patch: unexpected end of JSON input'));
      case 2: {
        const [body, t] = this.pick<[string, string]>([
          ['[1]', 'number'],
          ['["x"]', 'string'],
          ['[[]]', 'array'],
          ['[true]', 'bool'],
        ]);
        return patch('json', JSONPATCH_CT, body, badRequest(`error decoding patch: json: cannot unmarshal ${t} into Go value of type handlers.jsonPatchOp`));
      }
      case 3: {
        // Operations that fail on the object: kube answers 422 with the generic text.
        const op = this.pick([
          { op: 'bogus', path: '/data/k' },
          { op: 'remove', path: `/data/${this.word(6)}` },
          { op: 'test', path: '/data/k', value: this.word(7) },
          { op: 'replace', path: `/nope/${this.word(3)}`, value: 1 },
          { op: 'move', from: `/data/${this.word(6)}`, path: '/data/z' },
          { op: 'copy', from: `/spec/${this.word(4)}`, path: '/data/z' },
        ]);
        return patch('json', JSONPATCH_CT, JSON.stringify([op]), invalid('the server rejected our request due to an error in our request'));
      }
      case 4:
        return patch('json', JSONPATCH_CT, JSON.stringify([{ op: this.pick(['add', 'replace']), path: '', value: this.pick([1, 'scalar', true, null]) }]), invalid('the server rejected our request due to an error in our request'));
      case 5:
        return patch('merge', MERGE_CT, validMerge.slice(0, this.int(1, validMerge.length - 1)), badRequest('error decoding patch: unexpected end of JSON input'));
      case 6:
        return patch('merge', MERGE_CT, nonObject[0], badRequest(`error decoding patch: json: cannot unmarshal ${nonObject[1]} into Go value of type map[string]interface {}`));
      case 7:
        return patch('smp', SMP_CT, validMerge.slice(0, this.int(1, validMerge.length - 1)), badRequest('unexpected end of JSON input'));
      case 8:
        return patch('smp', SMP_CT, nonObject[0], badRequest(`json: cannot unmarshal ${nonObject[1]} into Go value of type map[string]interface {}`));
      case 9: {
        const other = this.name();
        const [body, expect] = this.pick<[string, Expected]>([
          ['{}', badRequest('invalid object type: /, Kind=')],
          [`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${other}\n`, badRequest(`the name of the object (${other}) does not match the name on the URL (${TARGET})`)],
          [`apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${TARGET}\n`, badRequest('invalid object type: /v1, Kind=Secret')],
          ['a: [b', badRequest('error decoding YAML: error converting YAML to JSON: yaml: Flow sequence in block collection must be sufficiently indented and end with a ]')],
        ]);
        return patch('apply', APPLY_CT, body, expect, '?fieldManager=hostile');
      }
      case 10:
        return patch('apply', APPLY_CT, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${TARGET}\n`, invalid('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch'));
      default:
        return patch('content-type', { 'content-type': this.pick(['application/json', 'text/plain', 'application/bogus-patch+json', 'application/yaml']) }, validMerge, {
          code: 415,
          reason: 'UnsupportedMediaType',
          message: '415: Unsupported Media Type',
        });
    }
  }

  /** kube's bound on the operations of one JSON patch. */
  tooManyOps(): HostileRequest {
    const n = this.int(10_001, 10_400);
    const op = '{"op":"test","path":"/data/k","value":"v"}';
    return {
      category: 'patch-json-ops',
      method: 'PATCH',
      path: `${CMS}/${TARGET}`,
      headers: JSONPATCH_CT,
      body: `[${Array(n).fill(op).join(',')}]`,
      expect: { code: 413, reason: 'RequestEntityTooLarge', message: `Request entity too large: The allowed maximum operations in a JSON patch is 10000, got ${n}` },
    };
  }

  oddName(): HostileRequest {
    const [segment, shown, why] = this.pick<[string, string, string]>([
      ['..', '..', "may not be '..'"],
      ['%2e%2e', '..', "may not be '..'"],
      ['%2E.', '..', "may not be '..'"],
      ['.', '.', "may not be '.'"],
      ['%2e', '.', "may not be '.'"],
      ['a%25b', 'a%b', "may not contain '%'"],
      [`${this.word(3)}%25${this.word(2)}`, '', "may not contain '%'"],
    ]);
    const name = shown || decodeURIComponent(segment);
    const method = this.pick(['GET', 'DELETE', 'PUT', 'PATCH']);
    const body = method === 'PUT' ? JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }) : method === 'PATCH' ? '{"data":{"a":"b"}}' : undefined;
    const headers = method === 'PATCH' ? MERGE_CT : body ? JSON_CT : {};
    return { category: 'odd-name', method, path: `${CMS}/${segment}`, headers, body, expect: badRequest(`Name parameter invalid: "${name}": ${why}`) };
  }

  longName(): HostileRequest {
    const name = this.word(this.int(254, 600), 'abcdefghijklmnopqrstuvwxyz');
    return {
      category: 'long-name',
      method: 'POST',
      path: CMS,
      headers: JSON_CT,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }),
      expect: invalid(`ConfigMap "${name}" is invalid: metadata.name: Invalid value: "${name}": must be no more than 253 characters`),
    };
  }

  longLabel(): HostileRequest {
    const name = this.name();
    let labels: Record<string, string>;
    let detail: string;
    switch (this.int(0, 2)) {
      case 0: {
        const v = this.word(this.int(64, 400));
        labels = { app: v };
        detail = `metadata.labels: Invalid value: "${v}": must be no more than 63 characters`;
        break;
      }
      case 1: {
        const k = this.word(this.int(64, 300));
        labels = { [k]: 'x' };
        detail = `metadata.labels: Invalid value: "${k}": name part must be no more than 63 characters`;
        break;
      }
      default: {
        const k = `${this.word(this.int(254, 300), 'abcdefghijklmnopqrstuvwxyz')}/a`;
        labels = { [k]: 'x' };
        detail = `metadata.labels: Invalid value: "${k}": prefix part must be no more than 253 characters`;
      }
    }
    return {
      category: 'long-label',
      method: 'POST',
      path: CMS,
      headers: JSON_CT,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels } }),
      expect: invalid(`ConfigMap "${name}" is invalid: ${detail}`),
    };
  }

  badQuery(): HostileRequest {
    const get = (category: string, query: string, expect: Expected, path = CMS): HostileRequest => ({ category: `query-${category}`, method: 'GET', path: `${path}?${query}`, headers: {}, expect });
    const junk = this.pick(['abc', '1x', '--1', ' ', '0x10', '1e3', '١', this.word(4, 'xyz!*')]);
    const q = encodeURIComponent(junk);
    switch (this.int(0, 10)) {
      case 0:
        return get('limit', `limit=${q}`, badRequest(`strconv.ParseInt: parsing ${JSON.stringify(junk)}: invalid syntax`));
      case 1: {
        const big = `${this.int(1, 9)}${this.word(this.int(19, 30), '0123456789')}`;
        return get('limit', `limit=${big}`, badRequest(`strconv.ParseInt: parsing "${big}": value out of range`));
      }
      case 2:
        return get('timeoutSeconds', `watch=true&timeoutSeconds=${q}`, badRequest(`strconv.ParseInt: parsing ${JSON.stringify(junk)}: invalid syntax`));
      case 3:
        return get('resourceVersion', `resourceVersion=${q}`, badRequest(`invalid resource version: resourceVersion: Invalid value: ${JSON.stringify(junk)}: strconv.ParseUint: parsing ${JSON.stringify(junk)}: invalid syntax`));
      case 4:
        // kube's own 500: the watch cache's parse error reaches the client unconverted.
        return get('resourceVersion', `watch=true&resourceVersion=${q}`, { code: 500, message: `resourceVersion: Invalid value: ${JSON.stringify(junk)}: strconv.ParseUint: parsing ${JSON.stringify(junk)}: invalid syntax` });
      case 5: {
        const f = `spec.${this.word(5)}`;
        return get('fieldSelector', `fieldSelector=${encodeURIComponent(`${f}=x`)}`, badRequest(`"${f}" is not a known field selector: only "metadata.name", "metadata.namespace"`));
      }
      case 6:
        return get('labelSelector', `labelSelector=${encodeURIComponent(this.pick(['a in (', 'a in (b', '!', 'a=b=c', '%%%', 'a,,b', '=x']))}`, badRequest(/^(unable to parse requirement: |found '|couldn't parse the selector string )/));
      case 7:
        return get('continue', `limit=1&continue=${encodeURIComponent(this.word(this.int(1, 40), 'abcdefABCDEF0123456789+/='))}`, badRequest(/^invalid continue token: /));
      case 8:
        return get('resourceVersionMatch', `resourceVersionMatch=${this.pick(['Exact', 'NotOlderThan'])}`, {
          code: 400,
          reason: 'BadRequest',
          message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
        });
      case 9: {
        const v = this.word(5, 'ABCXYZ');
        return get('resourceVersionMatch', `resourceVersion=1&resourceVersionMatch=${v}`, invalid(`ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Unsupported value: "${v}": supported values: "Exact", "NotOlderThan", ""`));
      }
      default:
        // kube's own 500 for a single object read at an unparseable revision.
        return get('resourceVersion', `resourceVersion=${q}`, { code: 500, message: `resourceVersion: Invalid value: ${JSON.stringify(junk)}: strconv.ParseUint: parsing ${JSON.stringify(junk)}: invalid syntax` }, `${CMS}/${TARGET}`);
    }
  }

  badHeaders(): HostileRequest {
    if (this.rand() < 0.5) {
      const ct = this.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', 'application/cbor-seq', `application/${this.word(6)}`]);
      return {
        category: 'content-type',
        method: 'POST',
        path: CMS,
        headers: { 'content-type': ct },
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: this.name() } }),
        expect: { code: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf' },
      };
    }
    const accept = this.pick(['application/garbage', 'text/html', 'image/*', `application/${this.word(5)}+xml`]);
    // go-restful's answer lists what the route produces: a list route also the watch stream types.
    const list = this.rand() < 0.5;
    const produced = 'application/json, application/yaml, application/vnd.kubernetes.protobuf' + (list ? ', application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch' : '');
    return {
      category: 'accept',
      method: 'GET',
      path: list ? CMS : `${CMS}/${TARGET}`,
      headers: { accept },
      expect: { code: 406, reason: 'NotAcceptable', message: `406: Not Acceptable\n\nAvailable representations: ${produced}` },
    };
  }

  badOptions(): HostileRequest {
    const v = this.word(this.int(1, 8), 'abcXYZ');
    const doc = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: this.name() } });
    switch (this.int(0, 4)) {
      case 0:
        return { category: 'options-dryRun', method: 'POST', path: `${CMS}?dryRun=${v}`, headers: JSON_CT, body: doc, expect: invalid(`CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"${v}"}: supported values: "All"`) };
      case 1:
        return {
          category: 'options-fieldValidation',
          method: 'POST',
          path: `${CMS}?fieldValidation=${v}`,
          headers: JSON_CT,
          body: doc,
          expect: invalid(`CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "${v}": supported values: "", "Ignore", "Strict", "Warn"`),
        };
      case 2:
        return {
          category: 'options-fieldManager',
          method: 'POST',
          path: `${CMS}?fieldManager=${'m'.repeat(this.int(129, 300))}`,
          headers: JSON_CT,
          body: doc,
          expect: invalid(/^CreateOptions\.meta\.k8s\.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes$/),
        };
      case 3:
        return {
          category: 'options-propagationPolicy',
          method: 'DELETE',
          path: this.rand() < 0.5 ? `${CMS}/${TARGET}?propagationPolicy=${v}` : `${CMS}/${TARGET}`,
          headers: JSON_CT,
          body: JSON.stringify({ propagationPolicy: v }),
          expect: invalid(`DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "${v}": supported values: "Foreground", "Background", "Orphan", "nil"`),
        };
      default:
        return { category: 'options-gracePeriodSeconds', method: 'DELETE', path: `${CMS}/${TARGET}?gracePeriodSeconds=${v}`, headers: {}, expect: badRequest(`strconv.ParseInt: parsing "${v}": invalid syntax`) };
    }
  }

  oversized(): HostileRequest {
    const size = MAX_BODY + this.int(1, 512 * 1024);
    const prefix = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"big"},"data":{"a":"';
    const body = Buffer.alloc(size, 'x');
    body.write(prefix);
    const [method, path, headers] = this.pick<[string, string, Record<string, string>]>([
      ['POST', CMS, JSON_CT],
      ['PUT', `${CMS}/${TARGET}`, JSON_CT],
      ['PATCH', `${CMS}/${TARGET}`, MERGE_CT],
      ['POST', CMS, YAML_CT],
    ]);
    return { category: 'oversized', method, path, headers, body, expect: { code: 413, reason: 'RequestEntityTooLarge', message: `Request entity too large: limit is ${MAX_BODY}` } };
  }
}
