// The wire shape of gnostic's openapi.v2.Document (github.com/google/gnostic-models, openapiv2), the message kube
// serves /openapi/v2 as for the protobuf Accept. Written out here as a protobufjs reflection descriptor: message
// names, field names, numbers, types, repeated rules and oneofs only.
import protobuf from 'protobufjs';

type Fields = Record<string, { type: string; id: number; rule?: 'repeated' }>;
type Message = { fields: Fields; oneofs?: Record<string, { oneof: string[] }> };

/** `fields('a:string:1 b:Schema[]:2')`: name, type (`[]` for repeated) and number per field. */
function fields(spec: string): Fields {
  const out: Fields = {};
  for (const f of spec.trim().split(/\s+/)) {
    const [name, type, id] = f.split(':') as [string, string, string];
    const repeated = type.endsWith('[]');
    out[name] = { type: repeated ? type.slice(0, -2) : type, id: Number(id), ...(repeated ? { rule: 'repeated' as const } : {}) };
  }
  return out;
}

/** A message that is exactly one of its fields; gnostic names that oneof `oneof`. */
function oneof(spec: string): Message {
  const f = fields(spec);
  return { fields: f, oneofs: { oneof: { oneof: Object.keys(f) } } };
}

/** A JSON object keyed by arbitrary names: gnostic's `additional_properties` list of NamedX pairs. */
const mapOf = (named: string): Message => ({ fields: fields(`additional_properties:${named}[]:1`) });
const named = (value: string): Message => ({ fields: fields(`name:string:1 value:${value}:2`) });

// The validation keywords shared (in this order) by PrimitivesItems, Header and the non-body parameter kinds.
const PRIMITIVE = 'type:string format:string items:PrimitivesItems collection_format:string default:Any maximum:double exclusive_maximum:bool minimum:double exclusive_minimum:bool max_length:int64 min_length:int64 pattern:string max_items:int64 min_items:int64 unique_items:bool enum:Any[] multiple_of:double';

/** Numbers the space-separated `name:type` list consecutively from `first`. */
function numbered(list: string, first: number): string {
  return list.trim().split(/\s+/).map((f, i) => `${f}:${first + i}`).join(' ');
}

const nonBody = (head: string) => ({ fields: fields(numbered(`${head} ${PRIMITIVE}`, 1) + ` vendor_extension:NamedAny[]:${head.split(/\s+/).length + 18}`) });
/** Fields numbered from 1, then the `vendor_extension` list that follows them. */
const withExtensions = (list: string): Message => {
  const n = list.split(/\s+/).length;
  return { fields: fields(`${numbered(list, 1)} vendor_extension:NamedAny[]:${n + 1}`) };
};

const messages: Record<string, Message> = {
  AdditionalPropertiesItem: oneof('schema:Schema:1 boolean:bool:2'),
  Any: { fields: fields('value:google.protobuf.Any:1 yaml:string:2') },
  ApiKeySecurity: withExtensions('type:string name:string in:string description:string'),
  BasicAuthenticationSecurity: withExtensions('type:string description:string'),
  BodyParameter: withExtensions('description:string name:string in:string required:bool schema:Schema'),
  Contact: withExtensions('name:string url:string email:string'),
  Default: mapOf('NamedAny'),
  Definitions: mapOf('NamedSchema'),
  Document: {
    fields: fields(
      'swagger:string:1 info:Info:2 host:string:3 base_path:string:4 schemes:string[]:5 consumes:string[]:6 produces:string[]:7 paths:Paths:8 ' +
        'definitions:Definitions:9 parameters:ParameterDefinitions:10 responses:ResponseDefinitions:11 security:SecurityRequirement[]:12 ' +
        'security_definitions:SecurityDefinitions:13 tags:Tag[]:14 external_docs:ExternalDocs:15 vendor_extension:NamedAny[]:16',
    ),
  },
  Examples: mapOf('NamedAny'),
  ExternalDocs: withExtensions('description:string url:string'),
  FileSchema: withExtensions('format:string title:string description:string default:Any required:string[] type:string read_only:bool external_docs:ExternalDocs example:Any'),
  FormDataParameterSubSchema: nonBody('required:bool in:string description:string name:string allow_empty_value:bool'),
  Header: { fields: fields(`${numbered(PRIMITIVE, 1)} description:string:18 vendor_extension:NamedAny[]:19`) },
  HeaderParameterSubSchema: nonBody('required:bool in:string description:string name:string'),
  Headers: mapOf('NamedHeader'),
  Info: withExtensions('title:string version:string description:string terms_of_service:string contact:Contact license:License'),
  ItemsItem: { fields: fields('schema:Schema[]:1') },
  JsonReference: { fields: fields('_ref:string:1 description:string:2') },
  License: withExtensions('name:string url:string'),
  NamedAny: named('Any'),
  NamedHeader: named('Header'),
  NamedParameter: named('Parameter'),
  NamedPathItem: named('PathItem'),
  NamedResponse: named('Response'),
  NamedResponseValue: named('ResponseValue'),
  NamedSchema: named('Schema'),
  NamedSecurityDefinitionsItem: named('SecurityDefinitionsItem'),
  NamedString: named('string'),
  NamedStringArray: named('StringArray'),
  NonBodyParameter: oneof(
    'header_parameter_sub_schema:HeaderParameterSubSchema:1 form_data_parameter_sub_schema:FormDataParameterSubSchema:2 ' +
      'query_parameter_sub_schema:QueryParameterSubSchema:3 path_parameter_sub_schema:PathParameterSubSchema:4',
  ),
  Oauth2AccessCodeSecurity: withExtensions('type:string flow:string scopes:Oauth2Scopes authorization_url:string token_url:string description:string'),
  Oauth2ApplicationSecurity: withExtensions('type:string flow:string scopes:Oauth2Scopes token_url:string description:string'),
  Oauth2ImplicitSecurity: withExtensions('type:string flow:string scopes:Oauth2Scopes authorization_url:string description:string'),
  Oauth2PasswordSecurity: withExtensions('type:string flow:string scopes:Oauth2Scopes token_url:string description:string'),
  Oauth2Scopes: mapOf('NamedString'),
  Operation: withExtensions(
    'tags:string[] summary:string description:string external_docs:ExternalDocs operation_id:string produces:string[] consumes:string[] ' +
      'parameters:ParametersItem[] responses:Responses schemes:string[] deprecated:bool security:SecurityRequirement[]',
  ),
  Parameter: oneof('body_parameter:BodyParameter:1 non_body_parameter:NonBodyParameter:2'),
  ParameterDefinitions: mapOf('NamedParameter'),
  ParametersItem: oneof('parameter:Parameter:1 json_reference:JsonReference:2'),
  PathItem: withExtensions('_ref:string get:Operation put:Operation post:Operation delete:Operation options:Operation head:Operation patch:Operation parameters:ParametersItem[]'),
  PathParameterSubSchema: nonBody('required:bool in:string description:string name:string'),
  Paths: { fields: fields('vendor_extension:NamedAny[]:1 path:NamedPathItem[]:2') },
  PrimitivesItems: { fields: fields(`${numbered(PRIMITIVE, 1)} vendor_extension:NamedAny[]:18`) },
  Properties: mapOf('NamedSchema'),
  QueryParameterSubSchema: nonBody('required:bool in:string description:string name:string allow_empty_value:bool'),
  Response: withExtensions('description:string schema:SchemaItem headers:Headers examples:Examples'),
  ResponseDefinitions: mapOf('NamedResponse'),
  ResponseValue: oneof('response:Response:1 json_reference:JsonReference:2'),
  Responses: { fields: fields('response_code:NamedResponseValue[]:1 vendor_extension:NamedAny[]:2') },
  Schema: withExtensions(
    '_ref:string format:string title:string description:string default:Any multiple_of:double maximum:double exclusive_maximum:bool ' +
      'minimum:double exclusive_minimum:bool max_length:int64 min_length:int64 pattern:string max_items:int64 min_items:int64 ' +
      'unique_items:bool max_properties:int64 min_properties:int64 required:string[] enum:Any[] additional_properties:AdditionalPropertiesItem ' +
      'type:TypeItem items:ItemsItem all_of:Schema[] properties:Properties discriminator:string read_only:bool xml:Xml external_docs:ExternalDocs example:Any',
  ),
  SchemaItem: oneof('schema:Schema:1 file_schema:FileSchema:2'),
  SecurityDefinitions: mapOf('NamedSecurityDefinitionsItem'),
  SecurityDefinitionsItem: oneof(
    'basic_authentication_security:BasicAuthenticationSecurity:1 api_key_security:ApiKeySecurity:2 oauth2_implicit_security:Oauth2ImplicitSecurity:3 ' +
      'oauth2_password_security:Oauth2PasswordSecurity:4 oauth2_application_security:Oauth2ApplicationSecurity:5 oauth2_access_code_security:Oauth2AccessCodeSecurity:6',
  ),
  SecurityRequirement: mapOf('NamedStringArray'),
  StringArray: { fields: fields('value:string[]:1') },
  Tag: withExtensions('name:string description:string external_docs:ExternalDocs'),
  TypeItem: { fields: fields('value:string[]:1') },
  VendorExtension: mapOf('NamedAny'),
  Xml: withExtensions('name:string namespace:string prefix:string attribute:bool wrapped:bool'),
};

let root: protobuf.Root | undefined;

/** The protobufjs Root holding `openapi.v2.*` (and the `google.protobuf.Any` it refers to), built once. */
export function gnosticRoot(): protobuf.Root {
  if (!root) {
    root = protobuf.Root.fromJSON({
      nested: {
        google: { nested: { protobuf: { nested: { Any: { fields: fields('type_url:string:1 value:bytes:2') } } } } },
        openapi: { nested: { v2: { nested: messages } } },
      },
    });
    root.resolveAll();
  }
  return root;
}

/** The reflected message type `openapi.v2.<name>`. */
export function gnosticType(name: string): protobuf.Type {
  return gnosticRoot().lookupType(`openapi.v2.${name}`);
}
