// The certificate admission plug-ins (kube's certificates/approval, signing, subjectrestriction, ctbattest):
// approving a CSR needs "approve", writing its certificate needs "sign", and publishing a ClusterTrustBundle for a
// signer needs "attest", each on the synthetic resource signers.certificates.k8s.io named by the signer (or its
// domain with /*); a CSR for kube-apiserver-client may not ask for the system:masters group.
import type { Authorizer } from '../authz/authorizer.js';
import type { UserInfo } from '../http/request-context.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden } from './forbidden.js';

const GROUP = 'certificates.k8s.io';
const CLIENT_SIGNER = 'kubernetes.io/kube-apiserver-client';

/** kube's IsAuthorizedForSignerName: the signer itself, then its domain's wildcard. */
export async function authorizedForSigner(authorizer: Authorizer | undefined, user: UserInfo | undefined, verb: string, signerName: string): Promise<boolean> {
  if (!authorizer || !user) return true; // the server's own writes
  for (const name of [signerName, `${signerName.split('/')[0]}/*`]) {
    const r = await authorizer.authorize({ user, verb, isResourceRequest: true, path: '', namespace: '', apiGroup: GROUP, apiVersion: '*', resource: 'signers', subresource: '', name });
    if (r.decision === 'allow') return true;
  }
  return false;
}

const verdicts = (o: { status?: { conditions?: { type?: string; status?: string }[] } }) =>
  JSON.stringify((o.status?.conditions ?? []).filter((c) => c?.type === 'Approved' || c?.type === 'Denied').map((c) => [c.type, c.status]));
const approvalChanged = (now: object, before: object) => verdicts(now) !== verdicts(before);

const isCSR = (a: AdmissionAttributes) => a.resource.group === GROUP && a.resource.resource === 'certificatesigningrequests' && !!a.object;

export class CertificateApproval implements AdmissionPlugin {
  readonly name = 'CertificateApproval';
  readonly operations = new Set<AdmissionOperation>(['UPDATE']);
  readonly resources = [['certificates.k8s.io', 'certificatesigningrequests']] as const;

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!isCSR(a) || !a.oldObject) return;
    // kubelite writes /approval through the status path: a change of the Approved or Denied conditions is an approval.
    if (a.subresource !== 'approval' && !(a.subresource === 'status' && approvalChanged(a.object!, a.oldObject))) return;
    const signer = String(a.oldObject.spec?.signerName ?? '');
    if (!(await authorizedForSigner(a.context.authorizer, a.user, 'approve', signer))) {
      throw admissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
    }
  }
}

export class CertificateSigning implements AdmissionPlugin {
  readonly name = 'CertificateSigning';
  readonly operations = new Set<AdmissionOperation>(['UPDATE']);
  readonly resources = [['certificates.k8s.io', 'certificatesigningrequests']] as const;

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!isCSR(a) || a.subresource !== 'status' || !a.oldObject) return;
    if ((a.object!.status?.certificate ?? '') === (a.oldObject.status?.certificate ?? '')) return;
    const signer = String(a.oldObject.spec?.signerName ?? '');
    if (!(await authorizedForSigner(a.context.authorizer, a.user, 'sign', signer))) {
      throw admissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(signer)}`);
    }
  }
}

export class CertificateSubjectRestriction implements AdmissionPlugin {
  readonly name = 'CertificateSubjectRestriction';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  readonly resources = [['certificates.k8s.io', 'certificatesigningrequests']] as const;

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!isCSR(a) || a.subresource) return;
    if (a.object!.spec?.signerName !== CLIENT_SIGNER) return;
    let organizations: string[];
    // The certificate library is loaded on the first CSR, not at start-up (~100 ms).
    const { Pkcs10CertificateRequest } = await import('@peculiar/x509');
    try {
      const pem = Buffer.from(String(a.object!.spec?.request ?? ''), 'base64').toString('utf8');
      organizations = new Pkcs10CertificateRequest(pem).subjectName.getField('O');
    } catch {
      throw admissionForbidden(a, 'failed to parse CSR: PEM block type must be CERTIFICATE REQUEST');
    }
    if (organizations.includes('system:masters')) {
      throw admissionForbidden(a, `use of ${CLIENT_SIGNER} signer with system:masters group is not allowed`);
    }
  }
}

export class ClusterTrustBundleAttest implements AdmissionPlugin {
  readonly name = 'ClusterTrustBundleAttest';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['certificates.k8s.io', 'clustertrustbundles']] as const;

  async validate(a: AdmissionAttributes): Promise<void> {
    if (a.resource.group !== GROUP || a.resource.resource !== 'clustertrustbundles' || a.subresource || !a.object) return;
    const signer = String(a.object.spec?.signerName ?? '');
    if (!signer) return;
    // An update that changes neither the signer nor the bundle needs no attestation.
    if (a.operation === 'UPDATE' && a.oldObject?.spec?.signerName === signer && a.oldObject?.spec?.trustBundle === a.object.spec?.trustBundle) return;
    if (!(await authorizedForSigner(a.context.authorizer, a.user, 'attest', signer))) {
      throw admissionForbidden(a, `user not permitted to attest for signerName ${JSON.stringify(signer)}`);
    }
  }
}
