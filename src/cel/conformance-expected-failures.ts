// Conformance tests kubelite fails on purpose, with the reason (also in docs/deviations.md).

const NULL_JOIN = "cel-go v0.23.2's checker joins optional_type(int) and null to null (mostGeneral keeps the later type); newer cel-go keeps the optional type";
const IDENT_ESCAPE = 'backtick-quoted field names need cel-go\'s EnableIdentEscapeSyntax, which Kubernetes 1.33 does not enable';

const FORMATTER = "cel-go v0.23.2's string.format (strings extension v2, which Kubernetes 1.33 uses) formats %e, infinities, NaN and lists/maps of %s differently from the newest formatter the suite tests (e.g. '%e'.format([3.14]) is '3.140000 × 10⁰⁰')";
const OFFSETS = 'cel-go v0.23.2 returns -1 for an indexOf/lastIndexOf offset past the end and fails lastIndexOf on an empty string (index out of range: -1); newer cel-go changed both';

/**
 * Tests of behaviour that changed after cel-go v0.23.2: kubelite keeps 1.33's behaviour, so these fail here and
 * are not counted as applicable to 1.33's environment in the pass rate (they still run, and must still fail).
 */
export const NEWER_CEL_GO = new Set<string>();

export const EXPECTED_FAILURES: Record<string, string> = {
  'string_ext/last_index_of/empty_string': OFFSETS,
  'string_ext/value_errors/indexof_out_of_range': OFFSETS,
  'string_ext/value_errors/lastindexof_out_of_range': OFFSETS,
  'string_ext/format/scientific notation formatting clause': FORMATTER,
  'string_ext/format/default precision for scientific notation': FORMATTER,
  'string_ext/format/positive infinity support for scientific notation': FORMATTER,
  'string_ext/format/negative infinity support for scientific notation': FORMATTER,
  'string_ext/format/NaN support for decimal': FORMATTER,
  'string_ext/format/positive infinity support for decimal': FORMATTER,
  'string_ext/format/negative infinity support for decimal': FORMATTER,
  'string_ext/format/positive infinity support for fixed-point': FORMATTER,
  'string_ext/format/negative infinity support for fixed-point': FORMATTER,
  'string_ext/format/list support for string': FORMATTER,
  'string_ext/format/map support for string': FORMATTER,
  'string_ext/format/map support (all key types)': FORMATTER,
  'string_ext/format/dyntype support for scientific notation': FORMATTER,
  'string_ext/format/dyntype NaN/infinity support': FORMATTER,
  'string_ext/format/dyntype support for lists': FORMATTER,
  'string_ext/format/dyntype support for maps': FORMATTER,
  'string_ext/format/scientific notation formatting clause in a string variable': FORMATTER,
  'fields/quoted_map_fields/field_access_slash': IDENT_ESCAPE,
  'fields/quoted_map_fields/field_access_dash': IDENT_ESCAPE,
  'fields/quoted_map_fields/field_access_dot': IDENT_ESCAPE,
  'fields/quoted_map_fields/has_field_slash': IDENT_ESCAPE,
  'fields/quoted_map_fields/has_field_dash': IDENT_ESCAPE,
  'fields/quoted_map_fields/has_field_dot': IDENT_ESCAPE,
  'type_deductions/legacy_nullable_types/null_assignable_to_abstract_parameter_candidate': NULL_JOIN,
};

for (const [name, reason] of Object.entries(EXPECTED_FAILURES)) if (reason === FORMATTER || reason === OFFSETS || reason === NULL_JOIN) NEWER_CEL_GO.add(name);
