// application/yaml: answers written as YAML; bodies read as kube's YAML-to-JSON step reads them (yaml.v2's limits).
import { stringify, YAMLError } from 'yaml';
import { YamlLimitError } from '../../patch/yaml-decode.js';
import { decodeApplyBody } from '../../apply/apply-body.js';
import { parseYamlBody } from '../field-validation/yaml-body.js';
import { BodyDecodeError, type Serializer } from './serializer.js';

export const yamlSerializer: Serializer = {
  mediaType: 'application/yaml',
  format: 'yaml',
  encode: (_ctx, body) => ({ contentType: 'application/yaml', bytes: stringify(body, { lineWidth: 0 }) }),
  decode(body) {
    try {
      return parseYamlBody(body);
    } catch (e) {
      if (e instanceof YamlLimitError) throw new BodyDecodeError(e.message);
      if (e instanceof YAMLError) throw new BodyDecodeError(`yaml: ${e.message}`);
      throw e;
    }
  },
  // sigs.k8s.io/yaml's reading (YAML 1.1), repeated keys reported for the strict check.
  decodeApplyConfiguration: decodeApplyBody,
};
