// Swagger 2.0 JSON → the plain-object form of gnostic's openapi.v2.Document, as gnostic's ParseDocument builds it
// from the JSON kube serves: JSON objects used as maps become lists of {name, value} pairs (in key order), `x-*`
// keys become vendor_extension entries whose Any carries the value as YAML text, `$ref` is `_ref`, and the
// "one of" messages pick their variant from the JSON shape. Zero values are left out, as proto3 does.
import type protobuf from 'protobufjs';
import { stringify } from 'yaml';
import { gnosticType } from './descriptor.js';

type Json = Record<string, unknown>;
type Msg = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

// The same few values (`{}`, `""`, list types, ...) recur thousands of times; kept for one document's conversion.
const yamlMemo = new Map<string, string>();

/** gnostic's Any: the value re-marshalled as YAML (go-yaml v3 style: 4-space indent, no line folding). */
export function anyOf(v: unknown): Msg {
  const key = JSON.stringify(v) ?? 'null';
  let yaml = yamlMemo.get(key);
  if (yaml === undefined) {
    yaml = stringify(v, { indent: 4, indentSeq: true, lineWidth: 0, minContentWidth: 0 });
    yamlMemo.set(key, yaml);
  }
  return { yaml };
}

const extensions = (o: Json): Msg[] =>
  Object.entries(o)
    .filter(([k]) => k.startsWith('x-'))
    .map(([name, v]) => ({ name, value: anyOf(v) }));

// `in` of a non-body parameter → [NonBodyParameter field, its message]
const NON_BODY: Record<string, [string, string]> = {
  header: ['header_parameter_sub_schema', 'HeaderParameterSubSchema'],
  formData: ['form_data_parameter_sub_schema', 'FormDataParameterSubSchema'],
  query: ['query_parameter_sub_schema', 'QueryParameterSubSchema'],
  path: ['path_parameter_sub_schema', 'PathParameterSubSchema'],
};

// `flow` of an oauth2 security scheme → [SecurityDefinitionsItem field, its message]
const OAUTH2_FLOWS: Record<string, [string, string]> = {
  implicit: ['oauth2_implicit_security', 'Oauth2ImplicitSecurity'],
  password: ['oauth2_password_security', 'Oauth2PasswordSecurity'],
  application: ['oauth2_application_security', 'Oauth2ApplicationSecurity'],
  accessCode: ['oauth2_access_code_security', 'Oauth2AccessCodeSecurity'],
};

// Messages whose shape is not a plain field-for-key copy of a JSON object.
const special: Record<string, (v: unknown) => Msg | undefined> = {
  Any: anyOf,
  TypeItem: (v) => ({ value: Array.isArray(v) ? v.map(String) : [String(v)] }),
  StringArray: (v) => ({ value: Array.isArray(v) ? v.map(String) : [] }),
  ItemsItem: (v) => ({ schema: (Array.isArray(v) ? v : [v]).map((s) => convert('Schema', s)) }),
  AdditionalPropertiesItem: (v) => (typeof v === 'boolean' ? { boolean: v } : { schema: convert('Schema', v) }),
  ParametersItem: (v) => (isObject(v) && '$ref' in v ? { json_reference: convert('JsonReference', v) } : { parameter: convert('Parameter', v) }),
  Parameter: (v) => {
    const where = isObject(v) ? String(v.in) : '';
    if (where === 'body') return { body_parameter: convert('BodyParameter', v) };
    const [field, type] = NON_BODY[where] ?? NON_BODY.query!;
    return { non_body_parameter: { [field]: convert(type, v) } };
  },
  ResponseValue: (v) => (isObject(v) && '$ref' in v ? { json_reference: convert('JsonReference', v) } : { response: convert('Response', v) }),
  SchemaItem: (v) => (isObject(v) && v.type === 'file' ? { file_schema: convert('FileSchema', v) } : { schema: convert('Schema', v) }),
  SecurityDefinitionsItem: (v) => {
    const o = isObject(v) ? v : {};
    if (o.type === 'basic') return { basic_authentication_security: convert('BasicAuthenticationSecurity', o) };
    if (o.type === 'oauth2') {
      const [field, type] = OAUTH2_FLOWS[String(o.flow)] ?? OAUTH2_FLOWS.implicit!;
      return { [field]: convert(type, o) };
    }
    return { api_key_security: convert('ApiKeySecurity', o) };
  },
  Paths: (v) => {
    const o = isObject(v) ? v : {};
    const path = Object.entries(o)
      .filter(([k]) => k.startsWith('/'))
      .map(([name, item]) => ({ name, value: convert('PathItem', item) }));
    return omitEmpty({ vendor_extension: extensions(o), path });
  },
  Responses: (v) => {
    const o = isObject(v) ? v : {};
    const codes = Object.entries(o)
      .filter(([k]) => !k.startsWith('x-'))
      .map(([name, r]) => ({ name, value: convert('ResponseValue', r) }));
    return omitEmpty({ response_code: codes, vendor_extension: extensions(o) });
  },
};

function omitEmpty(m: Msg): Msg {
  for (const [k, v] of Object.entries(m)) if (Array.isArray(v) && v.length === 0) delete m[k];
  return m;
}

/** The JSON key a gnostic field is read from: snake_case → camelCase, `_ref` → `$ref`. */
const jsonKeys = new Map<string, string>();
function jsonKey(field: string): string {
  let k = jsonKeys.get(field);
  if (k === undefined) {
    k = field === '_ref' ? '$ref' : field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    jsonKeys.set(field, k);
  }
  return k;
}

function scalar(field: protobuf.Field, v: unknown): unknown {
  switch (field.type) {
    case 'string':
      return typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    case 'bool':
      return v === true;
    default:
      return typeof v === 'number' ? v : Number(v) || 0;
  }
}

const isZero = (v: unknown) => v === '' || v === false || v === 0;

/** Converts one JSON value into the plain object of gnostic message `typeName`. */
export function convert(typeName: string, v: unknown): Msg {
  const s = special[typeName];
  if (s) return s(v) ?? {};
  const type = gnosticType(typeName);
  const o = isObject(v) ? v : {};
  const fields = type.fieldsArray;
  // a map-like message: its one field lists the object's entries as NamedX pairs
  if (fields.length === 1 && fields[0]!.name === 'additional_properties') {
    const named = fields[0]!.resolvedType as protobuf.Type;
    const valueField = named.fields.value!;
    const pairs = Object.entries(o).map(([name, value]) => ({
      name,
      value: valueField.resolvedType ? convert(valueField.resolvedType.name, value) : scalar(valueField, value),
    }));
    return pairs.length ? { additional_properties: pairs } : {};
  }
  const out: Msg = {};
  for (const f of fields) {
    if (f.name === 'vendor_extension') {
      const ext = extensions(o);
      if (ext.length) out[f.name] = ext;
      continue;
    }
    const value = o[jsonKey(f.name)];
    if (value === undefined || value === null) continue;
    const msgType = f.resolvedType ? f.resolvedType.name : undefined;
    if (f.repeated) {
      const list = Array.isArray(value) ? value : [value];
      if (list.length) out[f.name] = list.map((e) => (msgType ? convert(msgType, e) : scalar(f, e)));
    } else if (msgType) {
      out[f.name] = convert(msgType, value);
    } else {
      const sv = scalar(f, value);
      if (!isZero(sv)) out[f.name] = sv;
    }
  }
  return out;
}

/** The openapi.v2.Document plain object for a Swagger 2.0 JSON document. */
export function toGnosticDocument(swagger: Json): Msg {
  try {
    return convert('Document', swagger);
  } finally {
    yamlMemo.clear();
  }
}

/** The protobuf bytes kube serves for /openapi/v2 under the gnostic Accept. */
export function encodeGnosticDocument(swagger: Json): Uint8Array {
  return gnosticType('Document').encode(toGnosticDocument(swagger)).finish();
}
