// --encryption-provider-config: an EncryptionConfiguration (apiserver.config.k8s.io/v1) read and validated as
// kube-apiserver does, with kube's error texts, into one PrefixTransformers per group-resource rule.
import { readFileSync } from 'node:fs';
import { parse as parseYAML } from 'yaml';
import { aggregateFieldErrors, fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { aesCBCTransformer, aesGCMTransformer, identityTransformer, PrefixTransformers, secretboxTransformer, type ValueTransformer } from './providers.js';

export interface GroupResource {
  group: string;
  resource: string;
}

/** The transformers per configured group-resource (`*` for a whole group or every group). */
export interface EncryptionConfig {
  rules: { gr: GroupResource; transformers: PrefixTransformers }[];
}

export class EncryptionConfigError extends Error {}

type Json = Record<string, unknown>;

/** schema.ParseGroupResource: the resource is what precedes the first dot. */
export function parseGroupResource(s: string): GroupResource {
  const i = s.indexOf('.');
  return i < 0 ? { group: '', resource: s } : { group: s.slice(i + 1), resource: s.slice(0, i) };
}

const grString = (gr: GroupResource) => (gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`);
const grYAML = (gr: GroupResource) => (gr.group === '' && gr.resource === '*' ? '*.' : grString(gr)); // kube's grYAMLString
const goStrings = (l: string[]) => new GoValue(`[]string{${l.map((s) => JSON.stringify(s)).join(', ')}}`);

const PROVIDER_NAMES = ['aesgcm', 'aescbc', 'secretbox', 'identity', 'kms'] as const;
const GO_PROVIDER_TYPES: Record<(typeof PROVIDER_NAMES)[number], string> = {
  aesgcm: '(*apiserver.AESConfiguration)',
  aescbc: '(*apiserver.AESConfiguration)',
  secretbox: '(*apiserver.SecretboxConfiguration)',
  identity: '(*apiserver.IdentityConfiguration)',
  kms: '(*apiserver.KMSConfiguration)',
};
const GO_FIELDS: Record<(typeof PROVIDER_NAMES)[number], string> = { aesgcm: 'AESGCM', aescbc: 'AESCBC', secretbox: 'Secretbox', identity: 'Identity', kms: 'KMS' };

/** %#v of a ProviderConfiguration (the pointers a Go process would print as addresses show as 0x0 here). */
function goProvider(p: Json): GoValue {
  const fields = PROVIDER_NAMES.map((n) => `${GO_FIELDS[n]}:${GO_PROVIDER_TYPES[n]}(${p[n] == null ? 'nil' : '0x0'})`);
  return new GoValue(`apiserver.ProviderConfiguration{${fields.join(', ')}}`);
}

export function loadEncryptionConfig(path: string): EncryptionConfig {
  let data: string;
  try {
    data = readFileSync(path, 'utf8');
  } catch (e) {
    throw new EncryptionConfigError(`error while parsing file: error while loading file: error reading encryption provider configuration file ${JSON.stringify(path)}: ${(e as Error).message}`);
  }
  if (data.length === 0) throw new EncryptionConfigError(`error while parsing file: error while loading file: encryption provider configuration file ${JSON.stringify(path)} is empty`);
  let doc: unknown;
  try {
    doc = parseYAML(data);
  } catch (e) {
    throw new EncryptionConfigError(`error while parsing file: error decoding encryption provider configuration file ${JSON.stringify(path)}: ${(e as Error).message}`);
  }
  const obj = (doc ?? {}) as Json;
  if (typeof obj !== 'object' || Array.isArray(obj) || obj.apiVersion !== 'apiserver.config.k8s.io/v1' || obj.kind !== 'EncryptionConfiguration') {
    const kind = typeof obj === 'object' && obj && !Array.isArray(obj) ? String(obj.kind ?? '') : '';
    const apiVersion = typeof obj === 'object' && obj && !Array.isArray(obj) ? String(obj.apiVersion ?? '') : '';
    throw new EncryptionConfigError(
      `error while parsing file: error decoding encryption provider configuration file ${JSON.stringify(path)}: no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)}`,
    );
  }
  const errs = validate(obj);
  if (errs.length) throw new EncryptionConfigError(`error while parsing file: ${aggregateFieldErrors(errs)}`);
  return build(obj);
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function validate(c: Json): FieldError[] {
  const errs: FieldError[] = [];
  const resources = list(c.resources);
  if (resources.length === 0) return [fieldErr.required('resources', 'at least one resources is required')];
  resources.forEach((conf, i) => {
    const rc = (conf ?? {}) as Json;
    const r = `resources[${i}].resources`;
    const p = `resources[${i}].providers`;
    const names = list(rc.resources).map(String);
    if (names.length === 0) errs.push(fieldErr.required(r, `at least one ${r} is required`));
    errs.push(...validateOverlap(names, r), ...validateNames(names, r));
    const providers = list(rc.providers);
    if (providers.length === 0) errs.push(fieldErr.required(p, `at least one ${p} is required`));
    providers.forEach((prov, j) => {
      const path = `${p}[${j}]`;
      const pc = (prov ?? {}) as Json;
      const present = PROVIDER_NAMES.filter((n) => pc[n] != null);
      if (present.length === 0) {
        errs.push(fieldErr.invalid(path, goProvider(pc), 'provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity'));
        return;
      }
      if (present.length > 1) {
        errs.push(fieldErr.invalid(path, goProvider(pc), 'more than one provider specified in a single element, should split into different list elements'));
        return;
      }
      const kind = present[0]!;
      if (kind === 'aesgcm' || kind === 'aescbc') errs.push(...validateKeys((pc[kind] as Json).keys, `${path}.${kind}.keys`, [16, 24, 32]));
      if (kind === 'secretbox') errs.push(...validateKeys((pc[kind] as Json).keys, `${path}.secretbox.keys`, [32]));
    });
  });
  return errs;
}

function validateOverlap(names: string[], path: string): FieldError[] {
  if (names.length < 2) return [];
  const grs = names.map(parseGroupResource);
  let overlap = false;
  let duplicate = false;
  grs.forEach((a, i) =>
    grs.forEach((b, j) => {
      if (i === j) return;
      if (a.group === b.group && a.resource === b.resource && !duplicate) {
        duplicate = true;
        return;
      }
      if (overlap) return;
      if (a.group === '*' && a.resource === '*') overlap = true;
      else if (a.group === b.group && (a.resource === '*' || b.resource === '*')) overlap = true;
    }),
  );
  const errs: FieldError[] = [];
  if (duplicate) errs.push(fieldErr.invalid(path, goStrings(names), 'the same resource cannot be specified multiple times'));
  if (overlap) errs.push(fieldErr.invalid(path, goStrings(names), "using overlapping resources such as 'secrets' and '*.' in the same resource list is not allowed as they will be masked"));
  return errs;
}

function validateNames(names: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  names.forEach((res, j) => {
    const f = `${path}[${j}]`;
    const gr = parseGroupResource(res);
    let msg: string | undefined;
    if (/[A-Z]/.test(res)) msg = 'resource name should not contain capital letters';
    else if (res === '*') msg = "use '*.' to encrypt all the resources from core API group or *.* to encrypt all resources";
    else if (['apiserveripinfo', 'serviceipallocations', 'servicenodeportallocations'].includes(res)) msg = 'resources which do not have REST API/s cannot be encrypted';
    else if (gr.group === 'events.k8s.io') msg = "'*.events.k8s.io' objects are stored using the 'events' API group in etcd. Use 'events' instead in the config file";
    else if (gr.group === 'extensions') msg = "'extensions' group has been removed and cannot be used for encryption";
    else if (gr.group === '*' && gr.resource !== '*') msg = 'encrypting the same resource across groups is not supported';
    if (msg) errs.push(fieldErr.invalid(f, res, msg));
  });
  return errs;
}

function validateKeys(keys: unknown, path: string, sizes: number[]): FieldError[] {
  const l = list(keys);
  if (l.length === 0) return [fieldErr.required(path, 'at least one keys is required')];
  const errs: FieldError[] = [];
  l.forEach((k, i) => {
    const key = (k ?? {}) as Json;
    const f = `${path}[${i}]`;
    if (!key.name) errs.push(fieldErr.required(`${f}.name`, 'name is a mandatory field for a key'));
    if (!key.secret) {
      errs.push(fieldErr.required(`${f}.secret`, 'secret is a mandatory field for a key'));
      return;
    }
    const secret = decodeBase64Strict(String(key.secret));
    if (!secret) {
      errs.push(fieldErr.invalid(`${f}.secret`, 'REDACTED', 'secrets must be base64 encoded'));
      return;
    }
    if (!sizes.includes(secret.length)) {
      errs.push(fieldErr.invalid(`${f}.secret`, 'REDACTED', `secret is not of the expected length, got ${secret.length}, expected one of [${sizes.join(' ')}]`));
    }
  });
  return errs;
}

/** Go's base64.StdEncoding: padded standard alphabet only. */
function decodeBase64Strict(s: string): Buffer | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return undefined;
  return Buffer.from(s, 'base64');
}

function build(c: Json): EncryptionConfig {
  const rules: EncryptionConfig['rules'] = [];
  const seen = new Set<string>();
  for (const conf of list(c.resources)) {
    const rc = conf as Json;
    const transformers: ValueTransformer[] = [];
    for (const prov of list(rc.providers)) {
      const pc = prov as Json;
      if (pc.kms != null) throw new EncryptionConfigError('error while building transformers: the kms provider is not supported by kubelite');
      if (pc.identity != null) transformers.push(identityTransformer);
      for (const kind of ['aesgcm', 'aescbc', 'secretbox'] as const) {
        if (pc[kind] == null) continue;
        for (const k of list((pc[kind] as Json).keys)) {
          const key = k as Json;
          const secret = Buffer.from(String(key.secret), 'base64');
          const name = String(key.name);
          transformers.push(kind === 'aesgcm' ? aesGCMTransformer(name, secret) : kind === 'aescbc' ? aesCBCTransformer(name, secret) : secretboxTransformer(name, secret));
        }
      }
    }
    const pt = new PrefixTransformers(transformers);
    for (const res of list(rc.resources).map(String)) {
      const gr = parseGroupResource(res);
      for (const masking of [{ group: gr.group, resource: '*' }, { group: '*', resource: '*' }]) {
        if (seen.has(grString(masking))) throw new EncryptionConfigError(`error while building transformers: resource ${JSON.stringify(grYAML(gr))} is masked by earlier rule ${JSON.stringify(grYAML(masking))}`);
      }
      seen.add(grString(gr));
      rules.push({ gr, transformers: pt });
    }
  }
  return { rules };
}

/** The transformers for a group-resource: its own rule, else its group's `*`, else `*.*`. */
export function transformersFor(config: EncryptionConfig, gr: GroupResource): PrefixTransformers | undefined {
  const find = (g: string, r: string) => config.rules.find((x) => x.gr.group === g && x.gr.resource === r)?.transformers;
  return find(gr.group, gr.resource) ?? find(gr.group, '*') ?? find('*', '*');
}
