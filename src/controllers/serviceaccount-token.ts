// The legacy service-account token controller of kube-controller-manager ("serviceaccount-token"): a Secret of type
// kubernetes.io/service-account-token naming an existing ServiceAccount gets a signed legacy token, the cluster CA
// and the namespace in its data (and the account's uid annotation); one whose account is gone is deleted.
import type { Logger } from 'pino';
import { issueLegacyToken } from '../authn/serviceaccount/issuer.js';
import type { SigningKey } from '../authn/serviceaccount/keys.js';
import { StatusError } from '../errors/status.js';
import { deleteObject } from '../registry/delete.js';
import { internalOperation } from '../registry/operation-context.js';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { KObject } from '../api/object.js';

const TOKEN_SECRET_TYPE = 'kubernetes.io/service-account-token';
const NAME_ANNOTATION = 'kubernetes.io/service-account.name';
const UID_ANNOTATION = 'kubernetes.io/service-account.uid';

export class ServiceAccountTokenController {
  private readonly loops: ResyncLoop[] = [];

  constructor(
    private readonly cc: ControllerContext,
    private readonly key: Promise<SigningKey>,
    private readonly caPem: string,
    log: Logger,
  ) {
    for (const resource of ['secrets', 'serviceaccounts']) {
      const store = cc.registry.storeFor({ group: '', resource });
      // Only token Secrets and deleted accounts matter; everything else is left alone.
      const relevant = (batch: CacheEvent[]) =>
        resource === 'secrets' ? batch.some((e) => e.type === 'put' && Buffer.from(e.entry.value).includes(TOKEN_SECRET_TYPE)) : batch.some((e) => e.type === 'delete');
      if (store) this.loops.push(new ResyncLoop('serviceaccount-token', cc.informers.for(store), () => this.reconcile(), log, 1000, relevant));
    }
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    for (const l of this.loops) l.stop();
  }

  private async reconcile(): Promise<boolean> {
    const secrets = this.cc.registry.storeFor({ group: '', resource: 'secrets' });
    const accounts = this.cc.registry.storeFor({ group: '', resource: 'serviceaccounts' });
    if (!secrets || !accounts) return false;
    let retry = false;
    for (const s of (await secrets.list('')).items as KObject[]) {
      if (s.type !== TOKEN_SECRET_TYPE || s.metadata?.deletionTimestamp) continue;
      const ns: string = s.metadata.namespace;
      const saName: string = s.metadata.annotations?.[NAME_ANNOTATION] ?? '';
      const sa = (await accounts.getCached(ns, saName)) as KObject | undefined;
      const wantUID: string | undefined = s.metadata.annotations?.[UID_ANNOTATION];
      try {
        if (!sa || (wantUID && wantUID !== sa.metadata.uid)) {
          await deleteObject(secrets, ns, s.metadata.name, { dryRun: false, preconditions: { uid: s.metadata.uid } });
          continue;
        }
        if (s.data?.token && s.data?.['ca.crt'] && s.data?.namespace && wantUID) continue;
        const token = s.data?.token ? undefined : await issueLegacyToken(await this.key, ns, { name: saName, uid: sa.metadata.uid }, s.metadata.name);
        await secrets.update(
          ns,
          s.metadata.name,
          (found) => {
            const cur = found as KObject | undefined;
            if (!cur || cur.metadata.uid !== s.metadata.uid) throw new StatusError({ code: 404, reason: 'NotFound', message: 'gone' });
            const next = structuredClone(cur);
            next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [UID_ANNOTATION]: sa.metadata.uid };
            next.data = { ...(next.data ?? {}) };
            if (token && !next.data.token) next.data.token = Buffer.from(token).toString('base64');
            next.data['ca.crt'] ??= Buffer.from(this.caPem).toString('base64');
            next.data.namespace ??= Buffer.from(ns).toString('base64');
            return next;
          },
          { ...internalOperation(), subresource: '' },
        );
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        retry = true;
      }
    }
    return retry;
  }
}
