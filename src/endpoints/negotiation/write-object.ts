// Encodes a response object in the negotiated format (JSON or YAML) and writes it.
import { stringify } from 'yaml';
import type { RequestContext } from '../../http/request-context.js';
import { writeBody, writeJSON, wantsPretty } from '../../http/respond.js';

export function writeEncoded(ctx: RequestContext, code: number, body: unknown, format: 'json' | 'yaml' | 'protobuf'): void {
  if (format === 'yaml') return writeBody(ctx, code, 'application/yaml', stringify(body, { lineWidth: 0 }));
  if (!wantsPretty(ctx)) return writeBody(ctx, code, 'application/json', JSON.stringify(body) + '\n');
  writeJSON(ctx, code, body);
}
