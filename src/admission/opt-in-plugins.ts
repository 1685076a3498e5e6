// Off-by-default plug-ins of kube's that are a few lines each: AlwaysAdmit, AlwaysDeny, AlwaysPullImages,
// NamespaceExists and NamespaceAutoProvision (kube's plugin/pkg/admission/{admit,deny,alwayspullimages,namespace}).
import type { KubeObject } from '../api/object.js';
import { notFound } from '../errors/status.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden, isMain } from './forbidden.js';

const ALL = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

export class AlwaysAdmit implements AdmissionPlugin {
  readonly name = 'AlwaysAdmit';
  readonly operations = ALL;
}

/** Refuses every client write; the server's own writes (start-up, controllers) pass, or it could not start. */
export class AlwaysDeny implements AdmissionPlugin {
  readonly name = 'AlwaysDeny';
  readonly operations = ALL;
  async admit(a: AdmissionAttributes): Promise<void> {
    if (a.user) throw admissionForbidden(a, 'admission control is denying all modifications');
  }
  async validate(a: AdmissionAttributes): Promise<void> {
    if (a.user) throw admissionForbidden(a, 'admission control is denying all modifications');
  }
}

const containerLists = ['initContainers', 'containers', 'ephemeralContainers'] as const;

export class AlwaysPullImages implements AdmissionPlugin {
  readonly name = 'AlwaysPullImages';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);

  private applies(a: AdmissionAttributes): boolean {
    return a.resource.group === '' && a.resource.resource === 'pods' && !!a.object && (a.subresource === '' || a.subresource === 'ephemeralcontainers');
  }

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!this.applies(a)) return;
    for (const list of containerLists) for (const c of a.object!.spec?.[list] ?? []) if (c && typeof c === 'object') c.imagePullPolicy = 'Always';
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!this.applies(a)) return;
    for (const list of containerLists) {
      (a.object!.spec?.[list] ?? []).forEach((c: KubeObject, i: number) => {
        if (c?.imagePullPolicy !== 'Always') {
          throw admissionForbidden(a, `spec.${list}[${i}].imagePullPolicy: Unsupported value: ${JSON.stringify(c?.imagePullPolicy ?? '')}: supported values: "Always"`);
        }
      });
    }
  }
}

export class NamespaceExists implements AdmissionPlugin {
  readonly name = 'NamespaceExists';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);
  constructor(private readonly getNamespace: (name: string) => Promise<KubeObject | undefined>) {}
  async validate(a: AdmissionAttributes): Promise<void> {
    if (!a.namespace || isMain(a, '', 'namespaces')) return;
    if (!(await this.getNamespace(a.namespace))) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
  }
}

export class NamespaceAutoProvision implements AdmissionPlugin {
  readonly name = 'NamespaceAutoProvision';
  readonly operations = new Set<AdmissionOperation>(['CREATE']);
  constructor(
    private readonly getNamespace: (name: string) => Promise<KubeObject | undefined>,
    private readonly createNamespace: (name: string) => Promise<void>,
  ) {}
  async admit(a: AdmissionAttributes): Promise<void> {
    if (!a.namespace || a.resource.resource === 'namespaces' || a.dryRun) return;
    if (!(await this.getNamespace(a.namespace))) await this.createNamespace(a.namespace);
  }
}
