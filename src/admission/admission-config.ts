// --admission-control-config-file: an AdmissionConfiguration (apiserver.config.k8s.io/v1) naming per-plug-in
// configuration, embedded (`configuration`) or in a file of its own (`path`, relative to the configuration file).
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { parse } from 'yaml';

const ACCEPTED = new Set(['apiserver.config.k8s.io/v1', 'apiserver.config.k8s.io/v1alpha1', 'apiserver.k8s.io/v1alpha1']);

export class AdmissionConfigError extends Error {}

/** Plug-in name → its configuration object (absent: the plug-in's defaults). */
export type PluginConfigs = ReadonlyMap<string, Record<string, unknown>>;

function readDocument(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new AdmissionConfigError(`failed to read plugin config: unable to read admission control configuration from ${JSON.stringify(file)} [${(e as Error).message}]`);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    throw new AdmissionConfigError(`failed to read plugin config: unable to decode ${JSON.stringify(file)}: ${(e as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new AdmissionConfigError(`failed to read plugin config: unable to decode ${JSON.stringify(file)}: not an object`);
  return doc as Record<string, unknown>;
}

/** Reads the file (undefined: no file, every plug-in with its defaults). */
export function readAdmissionConfig(file: string | undefined): PluginConfigs {
  const out = new Map<string, Record<string, unknown>>();
  if (!file) return out;
  const doc = readDocument(file);
  if (doc.kind !== 'AdmissionConfiguration' || !ACCEPTED.has(String(doc.apiVersion))) {
    throw new AdmissionConfigError(`failed to read plugin config: unable to decode ${JSON.stringify(file)}: no kind "${String(doc.kind ?? '')}" is registered for version "${String(doc.apiVersion ?? '')}"`);
  }
  const plugins = Array.isArray(doc.plugins) ? (doc.plugins as Record<string, unknown>[]) : [];
  for (const p of plugins) {
    const name = String(p?.name ?? '');
    if (p.configuration && typeof p.configuration === 'object') out.set(name, p.configuration as Record<string, unknown>);
    else if (typeof p.path === 'string' && p.path) out.set(name, readDocument(isAbsolute(p.path) ? p.path : join(dirname(file), p.path)));
  }
  return out;
}
