// JSON as Go's encoding/json writes it: like JSON.stringify, but with <, >, & and the two JavaScript line
// terminators escaped (Go escapes HTML characters by default), so bodies and hashes match kube byte for byte.
import { createHash } from 'node:crypto';

const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

export function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]!);
}

/** Upper-case hex SHA-512, the hash kube uses for discovery and OpenAPI ETags. */
export function sha512Hex(data: string | Uint8Array): string {
  return createHash('sha512').update(data).digest('hex').toUpperCase();
}
