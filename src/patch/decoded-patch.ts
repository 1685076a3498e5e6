// A patch of the JSON patch types as read from its bytes: Go's token tree (their strict decoding needs it), or Go's
// syntax error text, which each patch type words its own way. Request bodies are read by the JSON serializer
// (endpoints/serializers/json.ts, through this function); admission reads the patches webhooks and policies make.
import { GoJsonSyntaxError, parseGoJson, type GoJson } from '../golang/encoding-json.js';

export type DecodedPatch = { tree: GoJson; syntaxError?: undefined } | { tree?: undefined; syntaxError: string };

/** The token tree of a patch's bytes, or Go's syntax error text. */
export function decodeJsonPatchBytes(bytes: Uint8Array | string): DecodedPatch {
  try {
    return { tree: parseGoJson(bytes) };
  } catch (e) {
    if (e instanceof GoJsonSyntaxError) return { syntaxError: e.message };
    throw e;
  }
}
