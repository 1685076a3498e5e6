// application/json: compact answers, indented ones for ?pretty and curl.
import { wantsPretty } from '../../http/respond.js';
import type { Serializer } from './serializer.js';

export const jsonSerializer: Serializer = {
  mediaType: 'application/json',
  format: 'json',
  encode(ctx, body) {
    return { contentType: 'application/json', bytes: JSON.stringify(body, null, wantsPretty(ctx) ? 2 : undefined) + '\n' };
  },
};
