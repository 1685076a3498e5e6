// Accept-header negotiation for the discovery endpoints, as kube's NegotiateMediaTypeOptions does it with the
// discovery endpoint restrictions: the first clause (after goautoneg's ordering) that names a supported media
// type and asks for no conversion other than apidiscovery.k8s.io/v2 APIGroupDiscoveryList wins.

export interface AcceptClause {
  type: string;
  subType: string;
  q: number;
  params: Record<string, string>;
}

/** goautoneg.ParseAccept: clauses ordered by q, then concrete types before wildcards (stable otherwise). */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const part of header.split(',')) {
    const [range, ...rawParams] = part.split(';');
    const mt = range!.trim();
    if (!mt) continue;
    const slash = mt.indexOf('/');
    const type = slash < 0 ? mt : mt.slice(0, slash);
    const subType = slash < 0 ? '*' : mt.slice(slash + 1);
    const clause: AcceptClause = { type, subType, q: 1, params: {} };
    for (const p of rawParams) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const k = p.slice(0, eq).trim();
      const v = p.slice(eq + 1).trim();
      if (k === 'q') clause.q = Number.parseFloat(v) || 0;
      else clause.params[k] = v;
    }
    clauses.push(clause);
  }
  const less = (a: AcceptClause, b: AcceptClause) =>
    a.q > b.q || (a.type !== '*' && b.type === '*') || (a.subType !== '*' && b.subType === '*');
  // insertion sort: what Go's sort does for short slices, and stable like it for equal clauses
  for (let i = 1; i < clauses.length; i++) {
    for (let j = i; j > 0 && less(clauses[j]!, clauses[j - 1]!); j--) [clauses[j - 1], clauses[j]] = [clauses[j]!, clauses[j - 1]!];
  }
  return clauses;
}

export type DiscoveryMediaType = 'application/json' | 'application/yaml' | 'application/vnd.kubernetes.protobuf';

export interface DiscoveryNegotiation {
  mediaType: DiscoveryMediaType;
  /** The client asked for the aggregated apidiscovery.k8s.io/v2 APIGroupDiscoveryList. */
  aggregated: boolean;
}

export const DISCOVERY_MEDIA_TYPES: DiscoveryMediaType[] = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

export const NOT_ACCEPTABLE_MESSAGE = `only the following media types are accepted: ${DISCOVERY_MEDIA_TYPES.join(', ')}`;

/**
 * Picks the representation of a discovery response; undefined means 406. `supported` lists the media types the
 * server can encode (kube offers all three; without a protobuf encoder leave it out). Only /api and /apis allow
 * the aggregated form; elsewhere such a clause is skipped like any other conversion.
 */
export function negotiateDiscovery(
  accept: string | undefined,
  supported: DiscoveryMediaType[] = DISCOVERY_MEDIA_TYPES,
  allowAggregated = true,
): DiscoveryNegotiation | undefined {
  if (!accept) return { mediaType: supported[0]!, aggregated: false };
  for (const c of parseAccept(accept)) {
    for (const mt of supported) {
      const [type, subType] = mt.split('/') as [string, string];
      const matches = (c.type === type && (c.subType === subType || c.subType === '*')) || (c.type === '*' && c.subType === '*');
      if (!matches) continue;
      // discovery has no watch stream and no server-version conversion
      if (c.params.stream || c.params.sv) continue;
      const { g, v, as } = c.params;
      if (as === undefined && g === undefined && v === undefined) return { mediaType: mt, aggregated: false };
      // the only conversion discovery allows; v2beta1 is no longer served in 1.33
      if (allowAggregated && g === 'apidiscovery.k8s.io' && v === 'v2' && as === 'APIGroupDiscoveryList') return { mediaType: mt, aggregated: true };
    }
  }
  return undefined;
}
