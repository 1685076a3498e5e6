// The error Go's json.Unmarshal gives when decoding bytes into a map[string]interface{}: its scanner's
// syntax messages (`invalid character 'x' looking for beginning of value`, `unexpected end of JSON input`)
// or the type mismatch of the top-level value. Secrets of the docker config types show these texts.
import { GoJsonSyntaxError, goJsonKind, parseGoJson, type GoJson } from '../../golang/encoding-json.js';

export function goJsonObjectError(bytes: Uint8Array): string | undefined {
  let v: GoJson;
  try {
    v = parseGoJson(bytes);
  } catch (e) {
    if (e instanceof GoJsonSyntaxError) return e.message;
    throw e;
  }
  if (v.t === 'object' || v.t === 'null') return undefined;
  return `json: cannot unmarshal ${goJsonKind(v)} into Go value of type map[string]interface {}`;
}
