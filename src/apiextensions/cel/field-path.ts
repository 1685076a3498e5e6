// A rule's `fieldPath` (`.spec.x`, `['a.b']`) resolved against the schema of the rule's node (kube's
// ValidFieldPath): the segments of the error path, or undefined when the path names no declared field.
import type { JSONSchemaProps } from '../../api/json-schema-props.js';

export interface FieldPathSegment { kind: 'child' | 'key'; name: string }

export function resolveFieldPath(schema: JSONSchemaProps, fieldPath: string): FieldPathSegment[] | undefined {
  const out: FieldPathSegment[] = [];
  let s: JSONSchemaProps | undefined = schema;
  let rest = fieldPath.trim();
  if (!rest) return undefined;
  while (rest.length > 0) {
    let name: string;
    const dot = /^\.([a-zA-Z_][a-zA-Z0-9_-]*)/.exec(rest);
    const bracket = /^\[\s*'((?:[^'\\]|\\.)*)'\s*\]/.exec(rest);
    if (dot) { name = dot[1]!; rest = rest.slice(dot[0].length); }
    else if (bracket) { name = bracket[1]!.replace(/\\(.)/g, '$1'); rest = rest.slice(bracket[0].length); }
    else return undefined;
    if (!s) return undefined;
    if (s.properties?.[name]) { out.push({ kind: 'child', name }); s = s.properties[name]; continue; }
    const extra: JSONSchemaProps | undefined = s.additionalProperties && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    if (extra && bracket) { out.push({ kind: 'key', name }); s = extra; continue; }
    return undefined;
  }
  return out;
}
