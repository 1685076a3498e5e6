// Request handling particular to custom resources, in front of the generic router: the deprecation Warning of a
// deprecated version, the scale sub-resource at the CRD's JSON paths, Tables with the version's printer
// columns, and creates refused while the CRD is terminating.
import { markDeprecatedRequest } from '../versions/deprecation.js';
import type { ResourceRouter } from '../endpoints/resource-router.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { negotiate } from '../endpoints/negotiation/negotiate.js';
import { writeEncoded } from '../endpoints/negotiation/write-object.js';
import { capability, type ResourceScope } from '../endpoints/resource-scope.js';
import { buildTable, parseIncludeObject } from '../endpoints/table/table.js';
import { readList } from '../endpoints/list/read-list.js';
import { forbidden, routeNotFound } from '../errors/status.js';
import { apiVersionOf } from '../registry/resource-def.js';
import type { RequestContext } from '../http/request-context.js';
import { writeError } from '../http/respond.js';
import { subresourcesOf } from './cr-resource-info.js';
import { customResourceForEndpoint } from './cr-read.js';
import { handleCustomResourceScale } from './cr-scale.js';
import { customResourceDetails, type CustomResourceDetails } from './custom-resource-details.js';
import { prefetchConversions, usesWebhookConversion } from './conversion-webhook.js';
import { CustomResourceStore } from './cr-store.js';
import { parseLabelSelector } from '../selection/label-selector.js';
import type { CRD } from './crd-types.js';
import type { KObject } from '../api/object.js';

function wantsTable(ctx: RequestContext, list: boolean): boolean {
  try {
    return negotiate(ctx, { list, transforms: true, protobuf: false }).as === 'Table';
  } catch {
    return false;
  }
}

async function serveTable(scope: ResourceScope, details: CustomResourceDetails): Promise<void> {
  const { ctx, def } = scope;
  const rep = negotiate(ctx, { list: !scope.name, transforms: true, protobuf: false });
  if (rep.as !== 'Table') return;
  const includeObject = parseIncludeObject(ctx.query.get('includeObject'));
  let objects;
  let listMeta;
  if (scope.name) {
    const obj = await capability(scope, 'getter').get(scope.namespace, scope.name);
    objects = [obj];
    listMeta = { resourceVersion: obj.metadata?.resourceVersion };
  } else {
    const page = await readList(scope, capability(scope, 'lister'));
    objects = page.items;
    listMeta = page.listMeta;
  }
  const apiVersion = apiVersionOf(def);
  objects = objects.map((o) => customResourceForEndpoint(def, o)!);
  const table = buildTable({
    group: def.group,
    resource: def.resource,
    objects,
    tableApiVersion: `meta.k8s.io/${rep.version}` as 'meta.k8s.io/v1',
    includeObject,
    listMeta,
    customColumns: details.columns,
    apiVersion,
    kind: def.kind,
  });
  await writeEncoded(ctx, 200, table, rep.format);
}

/**
 * Serves what is particular to custom resources and answers true, or leaves the request to the generic router
 * (false). Installed in front of the resource router.
 */
export async function serveCustomResourceRequest(registry: ResourceRegistry, router: ResourceRouter, ctx: RequestContext): Promise<boolean> {
  const ri = ctx.requestInfo;
  if (!ri?.isResourceRequest || !ri.apiGroup) return false;
  const served = registry.lookup({ group: ri.apiGroup, version: ri.apiVersion, resource: ri.resource });
  const details = served && customResourceDetails(served.def);
  if (!served || !details) return false;
  if (details.deprecationWarning !== undefined) markDeprecatedRequest(ctx, { warning: details.deprecationWarning });
  const { def, store } = served;
  const scope: ResourceScope = router.scopeFor(ctx, served);
  try {
    if (ri.subresource === 'scale') {
      const scale = subresourcesOf(details.crd, details.version)?.scale;
      if (!scale || (!def.namespaced && ri.namespace) || (def.namespaced && !ri.namespace)) throw routeNotFound();
      await handleCustomResourceScale(scope, scale);
      return true;
    }
    const terminating = !!details.crd.metadata.deletionTimestamp || !!details.crd.status?.conditions?.some((c) => c.type === 'Terminating' && c.status === 'True');
    if (ri.verb === 'create' && !ri.subresource && (await crdTerminating(registry, details, terminating))) {
      throw forbidden(store.gr, '', 'create not allowed while custom resource definition is terminating');
    }
    // Watches convert through the view's `prepare`, event by event.
    if ((ri.verb === 'get' || ri.verb === 'list') && usesWebhookConversion(details.crd) && store instanceof CustomResourceStore) {
      await prefetchForRead(store, details.crd, ri.verb === 'get' ? ri.name : '', scope.namespace, ctx.query.get('labelSelector') ?? '', ctx.signal);
    }
    if ((ri.verb === 'get' || ri.verb === 'list') && !ri.subresource && (ctx.method === 'GET' || ctx.method === 'HEAD') && wantsTable(ctx, ri.verb === 'list')) {
      if (def.namespaced && !ri.namespace && ri.name) throw routeNotFound();
      if (!def.namespaced && ri.namespace) throw routeNotFound();
      await serveTable(scope, details);
      return true;
    }
  } catch (e) {
    await writeError(ctx, e);
    return true;
  }
  return false;
}

/** The registered CRD object may predate its deletion: read the current one. */
async function crdTerminating(registry: ResourceRegistry, details: CustomResourceDetails, cached: boolean): Promise<boolean> {
  if (cached) return true;
  const crd = await registry.getObject({ group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' }, '', details.crd.metadata.name ?? '');
  return !!crd?.metadata?.deletionTimestamp;
}

/**
 * Reads are written synchronously from the watch cache: the objects a get, list or watch is about to serve are
 * converted through the CRD's webhook first (a failure is the read's error).
 */
async function prefetchForRead(store: CustomResourceStore, crd: CRD, name: string, namespace: string, labelSelector: string, signal?: AbortSignal): Promise<void> {
  const desired = store.endpointApiVersion;
  if (name) {
    const obj = await store.getCached(namespace, name);
    if (obj) await prefetchConversions(crd, [obj], desired, store.resolveService, signal);
    return;
  }
  // Only what the label selector lets through is converted (a selector that does not parse is the list's 400).
  let selected: (o: KObject) => boolean = () => true;
  if (labelSelector) {
    try {
      const sel = parseLabelSelector(labelSelector);
      selected = (o) => sel.matches(o.metadata?.labels ?? {});
    } catch {
      return;
    }
  }
  await prefetchConversions(crd, (await store.listStored(namespace)).items.filter(selected), desired, store.resolveService, signal);
}
