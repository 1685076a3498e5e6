// application/json: compact answers, indented ones for ?pretty and curl; bodies read with Go's texts for bad JSON.
import { wantsPretty } from '../../http/respond.js';
import { decodeJsonPatchBytes } from '../../patch/decoded-patch.js';
import { JsonBodySyntaxError, parseJsonBody } from '../field-validation/json-body.js';
import { BodyDecodeError, type Serializer } from './serializer.js';

export const jsonSerializer: Serializer = {
  mediaType: 'application/json',
  format: 'json',
  encode(ctx, body) {
    return { contentType: 'application/json', bytes: JSON.stringify(body, null, wantsPretty(ctx) ? 2 : undefined) + '\n' };
  },
  decode(body) {
    try {
      return parseJsonBody(body);
    } catch (e) {
      if (!(e instanceof JsonBodySyntaxError)) throw e;
      throw new BodyDecodeError(`couldn't get version/kind; json parse error: ${e.message}`, e.message);
    }
  },
  decodePatch: decodeJsonPatchBytes,
};
