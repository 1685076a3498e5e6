// application/cbor responses (kube's CBOR serializer, behind the CBORServingAndStorage feature gate: negotiation
// offers it only when the gate is on). Request bodies are decoded by negotiation/decode-body.ts.
import { CBOR_MEDIA_TYPE, encodeObject } from '../negotiation/cbor-wire.js';
import type { Serializer } from './serializer.js';
import { featureEnabled } from '../../features/feature-gates.js';

export const CBOR_GATE = 'CBORServingAndStorage';

/** Whether the server serves CBOR (the alpha gate, off by default). */
export function cborEnabled(options: { featureGates: Record<string, boolean> }): boolean {
  return featureEnabled(options, CBOR_GATE);
}

export const cborSerializer: Serializer = {
  mediaType: CBOR_MEDIA_TYPE,
  format: 'cbor',
  // Built-in kinds follow their schema (Go []byte and float fields); custom resources have none to follow.
  encode: (_ctx, body) => ({ contentType: CBOR_MEDIA_TYPE, bytes: encodeObject(body) }),
};
