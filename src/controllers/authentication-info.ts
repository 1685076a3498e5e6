// kube-apiserver's cluster authentication info (auth.md §1.2): ConfigMap kube-system/extension-apiserver-
// authentication publishes the client CA and the front-proxy settings for aggregated API servers; kept as
// configured, recreated when deleted.
import type { Logger } from 'pino';
import { StatusError } from '../errors/status.js';
import { internalOperation } from '../registry/operation-context.js';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';

export const AUTHENTICATION_INFO_NAME = 'extension-apiserver-authentication';

export interface AuthenticationInfo {
  clientCA: string;
  requestHeader?: { ca: string; usernameHeaders: string[]; uidHeaders: string[]; groupHeaders: string[]; extraHeaderPrefixes: string[]; allowedNames: string[] };
}

export function authenticationInfoData(info: AuthenticationInfo): Record<string, string> {
  const data: Record<string, string> = { 'client-ca-file': info.clientCA };
  const rh = info.requestHeader;
  if (rh) {
    data['requestheader-client-ca-file'] = rh.ca;
    data['requestheader-username-headers'] = JSON.stringify(rh.usernameHeaders);
    data['requestheader-uid-headers'] = JSON.stringify(rh.uidHeaders);
    data['requestheader-group-headers'] = JSON.stringify(rh.groupHeaders);
    data['requestheader-extra-headers-prefix'] = JSON.stringify(rh.extraHeaderPrefixes);
    data['requestheader-allowed-names'] = JSON.stringify(rh.allowedNames);
  }
  return data;
}

export class AuthenticationInfoController {
  private readonly loop?: ResyncLoop;

  constructor(
    private readonly cc: ControllerContext,
    private readonly data: Record<string, string>,
    log: Logger,
  ) {
    const store = cc.registry.storeFor({ group: '', resource: 'configmaps' });
    const key = `${store?.prefix}kube-system/${AUTHENTICATION_INFO_NAME}`;
    if (store) this.loop = new ResyncLoop('cluster-authentication-info', cc.informers.for(store), () => this.reconcile(), log, 1000, (batch) => batch.some((e) => e.entry.key === key));
  }

  start(): void {
    void this.loop?.start();
  }

  stop(): void {
    this.loop?.stop();
  }

  private async reconcile(): Promise<boolean> {
    const store = this.cc.registry.storeFor({ group: '', resource: 'configmaps' });
    if (!store) return false;
    const current = await store.getCached('kube-system', AUTHENTICATION_INFO_NAME);
    try {
      if (!current) {
        await store.create('kube-system', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: AUTHENTICATION_INFO_NAME, namespace: 'kube-system' }, data: this.data }, internalOperation());
      } else if (JSON.stringify(current.data ?? {}) !== JSON.stringify(this.data)) {
        await store.update('kube-system', AUTHENTICATION_INFO_NAME, (cur) => ({ ...structuredClone(cur!), data: { ...this.data } }), { ...internalOperation(), subresource: '' });
      }
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      return true;
    }
    return false;
  }
}
