// The Status errors the patch handlers answer with, worded as kube-apiserver words them.
import { StatusError, badRequest, invalid } from '../errors/status.js';
import { GoValue } from '../errors/field-error.js';
import { goQuote } from '../golang/strconv.js';

/** Any failed JSON-patch operation (including `test`): kube hides the library's text behind a generic 422. */
export function patchApplyFailed(): StatusError {
  return new StatusError({ code: 422, reason: 'Invalid', message: 'the server rejected our request due to an error in our request', details: {} });
}

export const MAX_JSON_PATCH_OPERATIONS = 10000;

export function tooManyPatchOperations(got: number): StatusError {
  return new StatusError({
    code: 413,
    reason: 'RequestEntityTooLarge',
    message: `Request entity too large: The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${got}`,
  });
}

/** 400 for a patch body that does not decode, with or without kube's "error decoding patch: " prefix. */
export function patchDecodeFailed(text: string, prefixed: boolean): StatusError {
  return badRequest(prefixed ? `error decoding patch: ${text}` : text);
}

/**
 * 422 ` "" is invalid: patch: Invalid value: "<value>": <detail>` — what kube answers when the patched
 * object does not decode into its type, or when fieldValidation=Strict finds unknown/duplicate fields.
 * `value` is the patched object's Go JSON (JSON and merge patch) or the Go `%+v` print of the patch map (SMP);
 * `detail` for strict failures is `strict decoding error: <err>, <err>`.
 */
export function patchResultInvalid(value: string, detail: string): StatusError {
  return invalid({ group: '', kind: '' }, '', [{ type: 'FieldValueInvalid', field: 'patch', value: new GoValue(goQuote(value)), detail }]);
}

/**
 * A patched object that does not decode, or fails Strict field validation. Seed 000 makes every such failure a 400
 * ("Strict rejects with 400 … at every level"); kube-apiserver answers a non-apply patch with the 422 of
 * patchResultInvalid. The message stays kube's (docs/deviations.md).
 */
export function patchResultRejected(value: string, detail: string): StatusError {
  return new StatusError({ code: 400, reason: 'BadRequest', message: patchResultInvalid(value, detail).status.message });
}

/** The detail text of a strict decoding failure (runtime.NewStrictDecodingError). */
export function strictDecodingDetail(errors: string[]): string {
  return `strict decoding error: ${errors.join(', ')}`;
}

/**
 * kube-apiserver panics on a few malformed JSON patches (a nil value dereferenced inside the library);
 * its panic-recovery filter then answers a plain-text 500
 * `This request caused apiserver to panic. Look in the logs for details.`
 */
export class ApiserverPanic extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiserverPanic';
  }
}
