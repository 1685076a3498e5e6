// Go's names for the types behind built-in schemas, as encoding/json prints them in
// `json: cannot unmarshal <what> into Go struct field <Struct>.<path> of type <type>`.
import type { SchemaNode } from './schema-node.js';

/** `io.k8s.api.core.v1.PodSpec` → `PodSpec` (reflect.Type.Name()). */
export function goStructName(component: string): string {
  return component.slice(component.lastIndexOf('.') + 1);
}

/** `io.k8s.api.core.v1.PodSpec` → `v1.PodSpec` (reflect.Type.String(): package name, then the type). */
export function goQualifiedName(component: string): string {
  const parts = component.split('.');
  return parts.length >= 2 ? `${parts[parts.length - 2]}.${parts[parts.length - 1]}` : component;
}

/** reflect.Type.String() of the Go type a schema node stands for. */
export function goTypeName(node: SchemaNode): string {
  if (node.component && (node.isStruct || node.type === undefined || node.intOrString)) return goQualifiedName(node.component);
  switch (node.type) {
    case 'string':
      if (node.format === 'byte') return '[]uint8';
      return node.component ? goQualifiedName(node.component) : 'string';
    case 'integer':
      return node.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return node.format === 'float' ? 'float32' : 'float64';
    case 'boolean':
      return 'bool';
    case 'array':
      return `[]${node.items ? goTypeName(node.items) : 'interface {}'}`;
    case 'object': {
      const a = node.additionalProperties;
      if (a && typeof a === 'object') return `map[string]${goTypeName(a)}`;
      return node.component ? goQualifiedName(node.component) : 'map[string]interface {}';
    }
  }
  return 'interface {}';
}
