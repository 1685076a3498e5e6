// application/yaml: answers written as YAML.
import { stringify } from 'yaml';
import type { Serializer } from './serializer.js';

export const yamlSerializer: Serializer = {
  mediaType: 'application/yaml',
  format: 'yaml',
  encode: (_ctx, body) => ({ contentType: 'application/yaml', bytes: stringify(body, { lineWidth: 0 }) }),
};
