// application/json: Go's encoding/json texts for bad bodies; compact answers, indented ones for ?pretty and curl.
import { wantsPretty } from '../../http/respond.js';
import { parseJsonBody } from '../field-validation/json-body.js';
import { cannotHandle, type Serializer } from './serializer.js';

export const jsonSerializer: Serializer = {
  mediaType: 'application/json',
  format: 'json',
  alsoReads: ['', '*/*'],
  async decode(body, expected) {
    try {
      return parseJsonBody(body);
    } catch (e) {
      throw cannotHandle(expected, `json parse error: ${(e as Error).message}`);
    }
  },
  encode(ctx, body) {
    return { contentType: 'application/json', bytes: JSON.stringify(body, null, wantsPretty(ctx) ? 2 : undefined) + '\n' };
  },
};
