// POST serviceaccounts/{name}/token (kube's TokenREST, auth.md §3.4): validates the request, binds the token to a
// Pod, Secret or Node when asked, applies the maximum and the extension of expiration, and signs a bound token.
import { fieldErr } from '../../../errors/field-error.js';
import { badRequest, invalid, notFound, routeMethodNotAllowed, StatusError } from '../../../errors/status.js';
import type { KObject } from '../../../api/object.js';
import { issueBoundToken, type BoundClaims } from '../../../authn/serviceaccount/issuer.js';
import type { SubresourceRest } from '../builtin-resource.js';
import type { AuthnServices } from '../../../authn/services.js';

const TOKEN_REQUEST_GK = { group: 'authentication.k8s.io', kind: 'TokenRequest' };
const MIN_EXPIRATION_S = 600;
const MAX_EXPIRATION_S = 2 ** 32;
/** The magic expiration kubelets ask for: extended to a year when --service-account-extend-token-expiration. */
const EXTENDABLE_EXPIRATION_S = 3607;
const EXTENDED_EXPIRATION_S = 365 * 24 * 3600;

function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function gvkText(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return `${group}/${version}, Kind=${kind}`;
}

export const serviceAccountToken: SubresourceRest = {
  create: {
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest' },
    returnsObject: true,
    available: (services) => services.authn !== undefined,
    async create({ rest, namespace, name }, req, q, op, { authn }) {
      if (!authn || !rest.getter) throw routeMethodNotAllowed();
      const started = Date.now();
      const { warnings, auditAnnotations } = op(q);
      return tokenRequest(req, { namespace, name, started, dryRun: q.dryRun, warnings, auditAnnotations }, () => rest.getter!.get(namespace, name), authn);
    },
  },
};

interface TokenRequestCall {
  namespace: string;
  /** The service account's. */
  name: string;
  started: number;
  dryRun: boolean;
  warnings: string[];
  auditAnnotations?: Record<string, string>;
}

async function tokenRequest(req: KObject, call: TokenRequestCall, getServiceAccount: () => Promise<KObject>, authn: AuthnServices): Promise<KObject> {
  const { started } = call;
  const spec: KObject = (req.spec ??= {});
  spec.expirationSeconds ??= 3600;
  req.metadata ??= {};
  if (req.metadata.name && req.metadata.name !== call.name) {
    throw invalid(TOKEN_REQUEST_GK, call.name, [fieldErr.invalid('metadata.name', req.metadata.name, 'must match the service account name if specified')]);
  }
  if (req.metadata.namespace && req.metadata.namespace !== call.namespace) {
    throw invalid(TOKEN_REQUEST_GK, call.name, [fieldErr.invalid('metadata.namespace', req.metadata.namespace, 'must match the service account namespace if specified')]);
  }
  const sa = await getServiceAccount();
  if (!Array.isArray(spec.audiences) || spec.audiences.length === 0) spec.audiences = [...authn.apiAudiences];
  const exp = Number(spec.expirationSeconds);
  const errs = [];
  if (exp < MIN_EXPIRATION_S) errs.push(fieldErr.invalid('spec.expirationSeconds', exp, 'may not specify a duration less than 10 minutes'));
  if (exp > MAX_EXPIRATION_S) errs.push(fieldErr.invalid('spec.expirationSeconds', exp, 'may not specify a duration larger than 2^32 seconds'));
  if (errs.length) throw invalid(TOKEN_REQUEST_GK, '', errs);

  const claims: BoundClaims = { namespace: call.namespace, serviceaccount: { name: sa.metadata.name, uid: sa.metadata.uid } };
  const ref: KObject | undefined = spec.boundObjectRef;
  let podBound = false;
  if (ref) {
    const apiVersion: string = ref.apiVersion ?? '';
    const kind: string = ref.kind ?? '';
    const bind = async (resource: 'pods' | 'secrets' | 'nodes', namespace: string): Promise<KObject> => {
      const obj = (await authn.objects.get(resource, namespace, ref.name ?? '')) as KObject | undefined;
      if (!obj) throw notFound({ group: '', resource }, ref.name ?? '');
      if (ref.uid && ref.uid !== obj.metadata.uid) {
        throw new StatusError({
          code: 409,
          reason: 'Conflict',
          message: `Operation cannot be fulfilled on ${kind} "${ref.name}": the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
          details: { name: ref.name, kind },
        });
      }
      return obj;
    };
    if (apiVersion === 'v1' && kind === 'Pod') {
      const pod = await bind('pods', call.namespace);
      if ((pod.spec?.serviceAccountName ?? '') !== call.name) throw badRequest(`cannot bind token for serviceaccount "${call.name}" to pod running with different serviceaccount name.`);
      claims.pod = { name: pod.metadata.name, uid: pod.metadata.uid };
      podBound = true;
      const nodeName: string | undefined = pod.spec?.nodeName;
      if (nodeName) {
        const node = await authn.objects.get('nodes', '', nodeName);
        claims.node = node ? { name: nodeName, uid: node.metadata.uid } : { name: nodeName };
      }
    } else if (apiVersion === 'v1' && kind === 'Secret') {
      const secret = await bind('secrets', call.namespace);
      claims.secret = { name: secret.metadata.name, uid: secret.metadata.uid };
    } else if (apiVersion === 'v1' && kind === 'Node') {
      const node = await bind('nodes', '');
      claims.node = { name: node.metadata.name, uid: node.metadata.uid };
    } else {
      throw badRequest(`cannot bind token to object of type ${gvkText(apiVersion, kind)}`);
    }
  }

  const s = authn.serviceAccountTokens;
  let expirationSeconds = exp;
  if (s.maxExpirationSeconds > 0 && expirationSeconds > s.maxExpirationSeconds) {
    call.warnings.push(`requested expiration of ${expirationSeconds} seconds shortened to ${s.maxExpirationSeconds} seconds`);
    expirationSeconds = s.maxExpirationSeconds;
    spec.expirationSeconds = expirationSeconds;
  }
  const issuedAt = Math.floor(started / 1000);
  let expiresAt = issuedAt + expirationSeconds;
  if (s.extendExpiration && podBound && exp === EXTENDABLE_EXPIRATION_S && (spec.audiences as string[]).every((a) => authn.apiAudiences.includes(a))) {
    claims.warnafter = expiresAt;
    expiresAt = issuedAt + EXTENDED_EXPIRATION_S;
  }
  if (call.dryRun) return { ...req, status: { token: '', expirationTimestamp: rfc3339(started + expirationSeconds * 1000) } };
  const { token, jti } = await issueBoundToken(await s.signingKey, { issuer: s.issuer, audiences: spec.audiences, issuedAt, expiresAt, claims });
  if (call.auditAnnotations) call.auditAnnotations['authentication.kubernetes.io/issued-credential-id'] = `JTI=${jti}`;
  const out: KObject = {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { ...req.metadata, name: call.name, namespace: call.namespace, creationTimestamp: null },
    // TokenRequestSpec's fields have no omitempty: an absent bound object is null.
    spec: { audiences: spec.audiences, expirationSeconds: spec.expirationSeconds, boundObjectRef: spec.boundObjectRef ?? null },
    status: { token, expirationTimestamp: rfc3339(started + expirationSeconds * 1000) },
  };
  return out;
}
