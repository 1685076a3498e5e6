// Type checking of a ValidatingAdmissionPolicy against the kinds it matches (kube's validating policy TypeChecker):
// each validation's expression and messageExpression is compiled with `object`/`oldObject` typed by the schema of
// every kind its resource rules name exactly (no wildcards, no sub-resources; at most 10, sorted by group, version,
// kind) and `params` typed by the paramKind's schema; each failure becomes an expression warning for
// status.typeChecking, `<gvk>: <issues>` per kind.
import type { KubeObject } from '../../api/object.js';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import { assignTypeNames, CelCompileError, schemaDeclType, type DeclType } from '../../cel/index.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { builtinKindSchema } from '../../schema/builtin-schemas.js';
import type { SchemaNode } from '../../schema/schema-node.js';
import { PolicyEnvs, type PolicySpec } from '../../cel/admission-policy.js';
import type { GVK } from './matching.js';

const MAX_TYPES_TO_CHECK = 10;
/** Depth at which a schema stops being expanded (recursive schemas; nothing built-in is that deep). */
const MAX_SCHEMA_DEPTH = 32;

export interface ExpressionWarning { fieldRef: string; warning: string }

const gvkString = (g: GVK) => `${g.group}/${g.version}, Kind=${g.kind}`;

/** A compiled schema node as JSONSchemaProps, expanded up to a depth and never through a component twice on a path. */
function toProps(node: SchemaNode, depth = 0, path: ReadonlySet<string> = new Set()): JSONSchemaProps {
  if (depth > MAX_SCHEMA_DEPTH || (node.component && path.has(node.component))) return {};
  const inner = node.component ? new Set([...path, node.component]) : path;
  if (node.intOrString || node.format === 'int-or-string') return { 'x-kubernetes-int-or-string': true };
  const out: JSONSchemaProps = {};
  if (node.type) out.type = node.type;
  if (node.format) out.format = node.format;
  if (node.maxLength !== undefined) out.maxLength = node.maxLength;
  if (node.maxItems !== undefined) out.maxItems = node.maxItems;
  if (node.maxProperties !== undefined) out.maxProperties = node.maxProperties;
  if (node.required.length) out.required = [...node.required];
  if (node.listType) out['x-kubernetes-list-type'] = node.listType;
  if (node.listMapKeys.length) out['x-kubernetes-list-map-keys'] = [...node.listMapKeys];
  if (node.preserveUnknownFields) out['x-kubernetes-preserve-unknown-fields'] = true;
  if (node.embeddedResource) out['x-kubernetes-embedded-resource'] = true;
  if (node.hasProperties) {
    out.properties = {};
    for (const [name, child] of node.properties) out.properties[name] = toProps(child, depth + 1, inner);
  }
  const extra = node.additionalProperties;
  if (extra && typeof extra === 'object') out.additionalProperties = toProps(extra, depth + 1, inner);
  if (node.items) out.items = toProps(node.items, depth + 1, inner);
  return out;
}

let typeCounter = 0;

export class TypeChecker {
  private readonly declTypes = new Map<string, DeclType | null>();

  constructor(private readonly registry: Pick<ResourceRegistry, 'lookup'>) {}

  /** The declared type of a built-in kind; undefined when its schema is unknown. */
  declType(gvk: GVK): DeclType | undefined {
    const key = gvkString(gvk);
    let t = this.declTypes.get(key);
    if (t === undefined) {
      const node = builtinKindSchema(gvk.group, gvk.version, gvk.kind);
      const base = node ? schemaDeclType(toProps(node), true) : undefined;
      t = base ? assignTypeNames(base, `${gvk.kind}${typeCounter++}`) : null;
      this.declTypes.set(key, t);
    }
    return t ?? undefined;
  }

  /** The kinds a policy's resource rules name exactly. */
  typesToCheck(spec: PolicySpec): GVK[] {
    const rules = (spec.matchConstraints as { resourceRules?: { apiGroups?: string[]; apiVersions?: string[]; resources?: string[] }[] } | undefined)?.resourceRules ?? [];
    const found = new Map<string, GVK>();
    for (const rule of rules) {
      const groups = rule.apiGroups ?? [];
      const versions = rule.apiVersions ?? [];
      if (groups.some((g) => g.includes('*')) || versions.some((v) => v.includes('*'))) continue;
      const resources = (rule.resources ?? []).filter((r) => !/[*/]/.test(r));
      if (!groups.length || !versions.length || !resources.length) continue;
      let count = 0;
      for (const group of [...groups].sort()) {
        for (const version of [...versions].sort()) {
          for (const resource of [...resources].sort()) {
            const served = this.registry.lookup({ group, version, resource });
            if (!served) continue;
            const gvk = { group, version, kind: served.def.kind };
            found.set(gvkString(gvk), gvk);
            if (++count === MAX_TYPES_TO_CHECK) return sortGVKs([...found.values()]);
          }
        }
      }
    }
    return sortGVKs([...found.values()]);
  }

  /** The expression warnings of a policy (empty when every expression checks against every matched kind). */
  check(policy: KubeObject): ExpressionWarning[] {
    const spec = (policy.spec ?? {}) as PolicySpec;
    const kinds = this.typesToCheck(spec).map((gvk) => ({ gvk, type: this.declType(gvk) })).filter((k) => k.type !== undefined);
    if (kinds.length === 0) return [];
    let params: DeclType | undefined;
    let hasParams = false;
    if (spec.paramKind) {
      const [group, version] = (spec.paramKind.apiVersion ?? '').includes('/') ? spec.paramKind.apiVersion!.split('/') : ['', spec.paramKind.apiVersion ?? ''];
      params = this.declType({ group: group!, version: version!, kind: spec.paramKind.kind ?? '' });
      // kube leaves `params` undeclared when it cannot resolve the schema; kubelite knows only built-in schemas,
      // so an unknown param kind (a custom resource) is declared dyn rather than reported.
      hasParams = true;
    }
    const envsFor = new Map<string, PolicyEnvs>();
    const envFor = (gvk: GVK, type: DeclType) => {
      const key = gvkString(gvk);
      let envs = envsFor.get(key);
      if (!envs) {
        envs = new PolicyEnvs('StoredExpressions', { object: type, params, authorizerOnly: true });
        for (const v of spec.variables ?? []) {
          let out;
          try {
            out = envs.env({ params: hasParams, authorizer: true }).compile(v.expression ?? '').outputType;
          } catch (e) {
            if (!(e instanceof CelCompileError)) throw e;
          }
          envs.addVariable(v.name, out ?? { kind: 'dyn' });
        }
        envsFor.set(key, envs);
      }
      return envs.env({ params: hasParams, authorizer: true });
    };
    const checkExpression = (expression: string): string => {
      const messages: string[] = [];
      for (const { gvk, type } of kinds) {
        try {
          envFor(gvk, type!).compile(expression);
        } catch (e) {
          if (!(e instanceof CelCompileError)) throw e;
          messages.push(`${gvkString(gvk)}: ${e.message}\n`);
        }
      }
      return messages.join('\n');
    };
    const warnings: ExpressionWarning[] = [];
    (spec.validations ?? []).forEach((v, i) => {
      const w = checkExpression(v.expression ?? '');
      if (w) warnings.push({ fieldRef: `spec.validations[${i}].expression`, warning: w });
      if (!v.messageExpression) return;
      const m = checkExpression(v.messageExpression);
      if (m) warnings.push({ fieldRef: `spec.validations[${i}].messageExpression`, warning: m });
    });
    return warnings;
  }
}

function sortGVKs(list: GVK[]): GVK[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return list.sort((a, b) => cmp(a.group, b.group) || cmp(a.version, b.version) || cmp(a.kind, b.kind));
}
