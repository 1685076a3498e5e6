// The two bootstrap-token controllers kube-controller-manager runs when asked (--controllers=*,bootstrapsigner,
// tokencleaner; auth.md §2.2–2.3), in-process here:
// - the bootstrap signer keeps one `jws-kubeconfig-<id>` key in kube-public/cluster-info per signing token;
// - the token cleaner deletes bootstrap-token Secrets in kube-system once they expire.
import type { Logger } from 'pino';
import { BOOTSTRAP_TOKEN_SECRET_PREFIX, BOOTSTRAP_TOKEN_SECRET_TYPE, bootstrapTokenExpired, secretData } from '../authn/bootstrap-token.js';
import { detachedSignature } from '../authn/bootstrap-signature.js';
import { StatusError } from '../errors/status.js';
import { deleteObject } from '../registry/delete.js';
import type { KObject } from '../api/object.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import { internalOperation } from '../registry/operation-context.js';
import type { ControllerContext } from './controller-context.js';
import { ResyncLoop } from './resync-loop.js';

const JWS_PREFIX = 'jws-kubeconfig-';
const TOKEN_ID = /^[a-z0-9]{6}$/;

/** Whether kube-controller-manager's --controllers list enables a controller ('*' = those on by default). */
export function controllerEnabled(list: string[], name: string, onByDefault: boolean): boolean {
  if (list.includes(`-${name}`)) return false;
  if (list.includes(name)) return true;
  return onByDefault && list.includes('*');
}

function bootstrapTokenIdOf(secret: KObject): string | undefined {
  const name: string = secret.metadata?.name ?? '';
  if (secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || !name.startsWith(BOOTSTRAP_TOKEN_SECRET_PREFIX)) return undefined;
  const id = name.slice(BOOTSTRAP_TOKEN_SECRET_PREFIX.length);
  return TOKEN_ID.test(id) && secretData(secret, 'token-id') === id ? id : undefined;
}

export class BootstrapSigner {
  private readonly loops: ResyncLoop[] = [];

  constructor(
    private readonly cc: ControllerContext,
    log: Logger,
  ) {
    for (const resource of ['secrets', 'configmaps']) {
      const store = cc.registry.storeFor({ group: '', resource });
      const ns = resource === 'secrets' ? 'kube-system' : 'kube-public';
      const prefix = `${store?.prefix}${ns}/`;
      const relevant = (batch: CacheEvent[]) => batch.some((e) => e.entry.key.startsWith(prefix));
      if (store) this.loops.push(new ResyncLoop('bootstrapsigner', cc.informers.for(store), () => this.reconcile(), log, 1000, relevant));
    }
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    for (const l of this.loops) l.stop();
  }

  private async reconcile(): Promise<boolean> {
    const cms = this.cc.registry.storeFor({ group: '', resource: 'configmaps' });
    const secrets = this.cc.registry.storeFor({ group: '', resource: 'secrets' });
    if (!cms || !secrets) return false;
    const cm = await cms.getCached('kube-public', 'cluster-info');
    const content = cm?.data?.kubeconfig;
    if (typeof content !== 'string') return false;
    const wanted: Record<string, string> = {};
    let nextExpiry = Infinity;
    for (const s of (await secrets.list('kube-system')).items as KObject[]) {
      const id = bootstrapTokenIdOf(s);
      if (!id || id in wanted || s.metadata?.deletionTimestamp) continue;
      const secret = secretData(s, 'token-secret');
      if (!secret || bootstrapTokenExpired(s) || secretData(s, 'usage-bootstrap-signing') !== 'true') continue;
      const exp = Date.parse(secretData(s, 'expiration') ?? '');
      if (exp) nextExpiry = Math.min(nextExpiry, exp);
      wanted[`${JWS_PREFIX}${id}`] = await detachedSignature(content, id, secret);
    }
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries((cm!.data ?? {}) as Record<string, string>)) if (!k.startsWith(JWS_PREFIX)) data[k] = v;
    Object.assign(data, wanted);
    const current = JSON.stringify(Object.entries(cm!.data ?? {}).sort());
    if (current !== JSON.stringify(Object.entries(data).sort())) {
      try {
        await cms.update(
          'kube-public',
          'cluster-info',
          (cur) => {
            if (!cur) throw new StatusError({ code: 404, reason: 'NotFound', message: 'gone' });
            return { ...structuredClone(cur), data };
          },
          { ...internalOperation(), subresource: '' },
        );
      } catch (e) {
        if (!(e instanceof StatusError)) throw e; // a conflict or a deletion: the next event brings us back
        return true;
      }
    }
    // An expiring token loses its signature when it expires: look again then.
    if (nextExpiry !== Infinity) setTimeout(() => this.loops[0]?.kick(), Math.min(2 ** 31 - 1, Math.max(0, nextExpiry - Date.now()) + 50)).unref?.();
    return false;
  }
}

export class TokenCleaner {
  private readonly loops: ResyncLoop[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly cc: ControllerContext,
    log: Logger,
  ) {
    const store = cc.registry.storeFor({ group: '', resource: 'secrets' });
    const prefix = `${store?.prefix}kube-system/`;
    const relevant = (batch: CacheEvent[]) => batch.some((e) => e.entry.key.startsWith(prefix));
    if (store) this.loops.push(new ResyncLoop('tokencleaner', cc.informers.for(store), () => this.reconcile(), log, 1000, relevant));
  }

  start(): void {
    for (const l of this.loops) void l.start();
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const l of this.loops) l.stop();
  }

  private async reconcile(): Promise<boolean> {
    const secrets = this.cc.registry.storeFor({ group: '', resource: 'secrets' });
    if (!secrets) return false;
    let nextExpiry = Infinity;
    for (const s of (await secrets.list('kube-system')).items as KObject[]) {
      if (s.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || s.metadata?.deletionTimestamp) continue;
      if (bootstrapTokenExpired(s)) {
        try {
          await deleteObject(secrets, 'kube-system', s.metadata.name, { dryRun: false, preconditions: { uid: s.metadata.uid } });
        } catch (e) {
          if (!(e instanceof StatusError)) throw e;
        }
        continue;
      }
      const exp = Date.parse(secretData(s, 'expiration') ?? '');
      if (exp) nextExpiry = Math.min(nextExpiry, exp);
    }
    clearTimeout(this.timer);
    if (nextExpiry !== Infinity) {
      this.timer = setTimeout(() => this.loops[0]?.kick(), Math.min(2 ** 31 - 1, Math.max(0, nextExpiry - Date.now()) + 50));
      this.timer.unref?.();
    }
    return false;
  }
}
