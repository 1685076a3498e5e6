// Media types: parsing Content-Type and Accept (with parameters and q-values).

export interface MediaType {
  type: string; // e.g. application/json
  params: Record<string, string>;
  q: number;
}

export function parseMediaType(s: string): MediaType {
  const [base, ...rest] = s.split(';');
  const params: Record<string, string> = {};
  let q = 1;
  for (const p of rest) {
    const i = p.indexOf('=');
    if (i < 0) continue;
    const k = p.slice(0, i).trim().toLowerCase();
    const v = p.slice(i + 1).trim().replace(/^"|"$/g, '');
    if (k === 'q') q = Number(v);
    else params[k] = v;
  }
  return { type: (base ?? '').trim().toLowerCase(), params, q: Number.isFinite(q) ? q : 1 };
}

/** The Accept header's clauses, best first (stable for equal q). */
export function parseAccept(header: string | undefined): MediaType[] {
  if (!header || !header.trim()) return [{ type: '*/*', params: {}, q: 1 }];
  const list = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseMediaType)
    .filter((m) => m.q > 0);
  return list.map((m, i) => ({ m, i })).sort((a, b) => b.m.q - a.m.q || a.i - b.i).map((x) => x.m);
}

export function contentTypeOf(header: string | undefined): string {
  if (!header) return '';
  return parseMediaType(header).type;
}
