// application/yaml: bodies converted to JSON as sigs.k8s.io/yaml does; answers written as YAML.
import { stringify } from 'yaml';
import { parseYamlBody } from '../field-validation/yaml-body.js';
import { cannotHandle, type Serializer } from './serializer.js';

export const yamlSerializer: Serializer = {
  mediaType: 'application/yaml',
  format: 'yaml',
  async decode(body, expected) {
    try {
      return parseYamlBody(body);
    } catch (e) {
      throw cannotHandle(expected, `error converting YAML to JSON: ${(e as Error).message}`);
    }
  },
  encode: (_ctx, body) => ({ contentType: 'application/yaml', bytes: stringify(body, { lineWidth: 0 }) }),
};
