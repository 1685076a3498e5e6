// Declarations of cel-go's standard library (common/stdlib) and of its optional-types library, with cel-go's
// overload ids and overload order.
import { fn, global, member, type FunctionDecl } from './decls.js';
import { T } from './types.js';

const A = T.param('A');
const B = T.param('B');
const listA = T.list(A);
const mapAB = T.map(A, B);
const { bool, int, uint, double, string, bytes, timestamp, duration } = T;

/** Overloads the checker hides unless CrossTypeNumericComparisons is on. */
export const CROSS_TYPE_COMPARISON_OVERLOADS = new Set<string>();

function comparison(name: string, prefix: string): FunctionDecl {
  const o = (suffix: string, a: typeof int, b: typeof int, cross = false) => {
    const id = `${prefix}_${suffix}`;
    if (cross) CROSS_TYPE_COMPARISON_OVERLOADS.add(id);
    return global(id, [a, b], bool);
  };
  // cel-go lists the cross-type overloads after the same-type ones (its checked ASTs show that order).
  return fn(name,
    o('bool', bool, bool), o('int64', int, int), o('uint64', uint, uint), o('double', double, double),
    o('string', string, string), o('bytes', bytes, bytes), o('timestamp', timestamp, timestamp), o('duration', duration, duration),
    o('int64_double', int, double, true), o('int64_uint64', int, uint, true), o('uint64_double', uint, double, true),
    o('uint64_int64', uint, int, true), o('double_int64', double, int, true), o('double_uint64', double, uint, true));
}

export function standardDeclarations(): FunctionDecl[] {
  return [
    fn('_?_:_', global('conditional', [bool, A, A], A)),
    fn('_&&_', global('logical_and', [bool, bool], bool)),
    fn('_||_', global('logical_or', [bool, bool], bool)),
    fn('!_', global('logical_not', [bool], bool)),
    fn('@not_strictly_false', global('not_strictly_false', [bool], bool)),
    fn('__not_strictly_false__', global('__not_strictly_false__', [bool], bool)),
    fn('_==_', global('equals', [A, A], bool)),
    fn('_!=_', global('not_equals', [A, A], bool)),
    fn('_+_',
      global('add_bytes', [bytes, bytes], bytes), global('add_double', [double, double], double),
      global('add_duration_duration', [duration, duration], duration), global('add_duration_timestamp', [duration, timestamp], timestamp),
      global('add_timestamp_duration', [timestamp, duration], timestamp), global('add_int64', [int, int], int),
      global('add_list', [listA, listA], listA), global('add_string', [string, string], string), global('add_uint64', [uint, uint], uint)),
    fn('_/_', global('divide_double', [double, double], double), global('divide_int64', [int, int], int), global('divide_uint64', [uint, uint], uint)),
    fn('_%_', global('modulo_int64', [int, int], int), global('modulo_uint64', [uint, uint], uint)),
    fn('_*_', global('multiply_double', [double, double], double), global('multiply_int64', [int, int], int), global('multiply_uint64', [uint, uint], uint)),
    fn('-_', global('negate_double', [double], double), global('negate_int64', [int], int)),
    fn('_-_',
      global('subtract_double', [double, double], double), global('subtract_duration_duration', [duration, duration], duration),
      global('subtract_int64', [int, int], int), global('subtract_timestamp_duration', [timestamp, duration], timestamp),
      global('subtract_timestamp_timestamp', [timestamp, timestamp], duration), global('subtract_uint64', [uint, uint], uint)),
    comparison('_<_', 'less'),
    comparison('_<=_', 'less_equals'),
    comparison('_>_', 'greater'),
    comparison('_>=_', 'greater_equals'),
    fn('_[_]', global('index_list', [listA, int], A), global('index_map', [mapAB, A], B)),
    fn('@in', global('in_list', [A, listA], bool), global('in_map', [A, mapAB], bool)),
    fn('size',
      global('size_bytes', [bytes], int), member('bytes_size', [bytes], int),
      global('size_list', [listA], int), member('list_size', [listA], int),
      global('size_map', [mapAB], int), member('map_size', [mapAB], int),
      global('size_string', [string], int), member('string_size', [string], int)),
    fn('type', global('type', [A], T.typeOf(A))),
    fn('bool', global('bool_to_bool', [bool], bool), global('string_to_bool', [string], bool)),
    fn('bytes', global('bytes_to_bytes', [bytes], bytes), global('string_to_bytes', [string], bytes)),
    fn('double', global('double_to_double', [double], double), global('int64_to_double', [int], double),
      global('string_to_double', [string], double), global('uint64_to_double', [uint], double)),
    fn('duration', global('duration_to_duration', [duration], duration), global('int64_to_duration', [int], duration),
      global('string_to_duration', [string], duration)),
    fn('dyn', global('to_dyn', [A], T.dyn)),
    fn('int', global('int64_to_int64', [int], int), global('double_to_int64', [double], int), global('duration_to_int64', [duration], int),
      global('string_to_int64', [string], int), global('timestamp_to_int64', [timestamp], int), global('uint64_to_int64', [uint], int)),
    fn('string', global('string_to_string', [string], string), global('bool_to_string', [bool], string),
      global('bytes_to_string', [bytes], string), global('double_to_string', [double], string), global('duration_to_string', [duration], string),
      global('int64_to_string', [int], string), global('timestamp_to_string', [timestamp], string), global('uint64_to_string', [uint], string)),
    fn('timestamp', global('timestamp_to_timestamp', [timestamp], timestamp), global('int64_to_timestamp', [int], timestamp),
      global('string_to_timestamp', [string], timestamp)),
    fn('uint', global('uint64_to_uint64', [uint], uint), global('double_to_uint64', [double], uint), global('int64_to_uint64', [int], uint),
      global('string_to_uint64', [string], uint)),
    fn('contains', member('contains_string', [string, string], bool)),
    fn('endsWith', member('ends_with_string', [string, string], bool)),
    fn('startsWith', member('starts_with_string', [string, string], bool)),
    fn('matches', global('matches', [string, string], bool), member('matches_string', [string, string], bool)),
    fn('getFullYear', member('timestamp_to_year', [timestamp], int), member('timestamp_to_year_with_tz', [timestamp, string], int)),
    fn('getMonth', member('timestamp_to_month', [timestamp], int), member('timestamp_to_month_with_tz', [timestamp, string], int)),
    fn('getDayOfYear', member('timestamp_to_day_of_year', [timestamp], int), member('timestamp_to_day_of_year_with_tz', [timestamp, string], int)),
    fn('getDayOfMonth', member('timestamp_to_day_of_month', [timestamp], int), member('timestamp_to_day_of_month_with_tz', [timestamp, string], int)),
    fn('getDate', member('timestamp_to_day_of_month_1_based', [timestamp], int), member('timestamp_to_day_of_month_1_based_with_tz', [timestamp, string], int)),
    fn('getDayOfWeek', member('timestamp_to_day_of_week', [timestamp], int), member('timestamp_to_day_of_week_with_tz', [timestamp, string], int)),
    fn('getHours', member('timestamp_to_hours', [timestamp], int), member('timestamp_to_hours_with_tz', [timestamp, string], int),
      member('duration_to_hours', [duration], int)),
    fn('getMinutes', member('timestamp_to_minutes', [timestamp], int), member('timestamp_to_minutes_with_tz', [timestamp, string], int),
      member('duration_to_minutes', [duration], int)),
    fn('getSeconds', member('timestamp_to_seconds', [timestamp], int), member('timestamp_to_seconds_tz', [timestamp, string], int),
      member('duration_to_seconds', [duration], int)),
    fn('getMilliseconds', member('timestamp_to_milliseconds', [timestamp], int), member('timestamp_to_milliseconds_with_tz', [timestamp, string], int),
      member('duration_to_milliseconds', [duration], int)),
  ];
}

const V = T.param('V');
const K = T.param('K');
const optV = T.optional(V);

/** cel-go's optional library (version 2, the latest in v0.23.2, which Kubernetes gets by passing no version). */
export function optionalDeclarations(): FunctionDecl[] {
  return [
    fn('optional.of', global('optional_of', [V], optV)),
    fn('optional.ofNonZeroValue', global('optional_ofNonZeroValue', [V], optV)),
    fn('optional.none', global('optional_none', [], optV)),
    fn('value', member('optional_value', [optV], V)),
    fn('hasValue', member('optional_hasValue', [optV], bool)),
    fn('or', member('optional_or_optional', [optV, optV], optV)),
    fn('orValue', member('optional_orValue_value', [optV, V], V)),
    fn('_?._', global('select_optional_field', [T.dyn, string], optV)),
    fn('_[?_]',
      global('list_optindex_optional_int', [T.list(V), int], optV),
      global('optional_list_optindex_optional_int', [T.optional(T.list(V)), int], optV),
      global('map_optindex_optional_value', [T.map(K, V), K], optV),
      global('optional_map_optindex_optional_value', [T.optional(T.map(K, V)), K], optV)),
    fn('_[_]',
      global('optional_list_index_int', [T.optional(T.list(V)), int], optV),
      global('optional_map_index_value', [T.optional(T.map(K, V)), K], optV)),
    fn('last', member('list_last', [T.list(V)], optV)),
    fn('first', member('list_first', [T.list(V)], optV)),
    fn('optional.unwrap', global('optional_unwrap', [T.list(optV)], T.list(V))),
    fn('unwrapOpt', member('optional_unwrapOpt', [T.list(optV)], T.list(V))),
  ];
}

/** The internal function behind two-variable transformMap/transformMapEntry (cel-go ext/comprehensions). */
export function twoVarComprehensionDeclarations(): FunctionDecl[] {
  const mapKV = T.map(K, V);
  return [fn('cel.@mapInsert', global('@mapInsert_map_key_value', [mapKV, K, V], mapKV), global('@mapInsert_map_map', [mapKV, mapKV], mapKV))];
}
