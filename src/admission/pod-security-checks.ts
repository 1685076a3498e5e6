// The checks of the Pod Security Standards as kube 1.33's pod-security-admission evaluates them: each check has a
// level, a first policy version, and kube's forbidden reason and detail texts. A restricted evaluation runs the
// baseline checks (except those a restricted check replaces) and then the restricted ones, each group in kube's
// registration order, so the texts list the violations in the order kube lists them.
import type { KubeObject } from '../api/object.js';

export type Level = 'privileged' | 'baseline' | 'restricted';
/** A policy version: a minor version of 1.x, or Infinity for "latest". */
export type Minor = number;

export interface CheckResult {
  reason: string;
  detail: string;
}

interface Check {
  id: string;
  level: 'baseline' | 'restricted';
  /** A baseline check a restricted check replaces: run only at the baseline level. */
  overlap?: boolean;
  since: Minor;
  run(meta: KubeObject, spec: KubeObject, minor: Minor): CheckResult | undefined;
}

/** The newest policy version kube 1.33's checks know; "latest" and newer versions evaluate as this one. */
export const MAX_POLICY_MINOR = 33;

const q = (s: string) => JSON.stringify(s);
const joinQuote = (xs: readonly string[]) => xs.map(q).join(', ');
const plural = (one: string, many: string, n: number) => (n === 1 ? one : many);
const sortedUnique = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** kube's visitContainers: init containers, containers, then ephemeral containers. */
function containers(spec: KubeObject): KubeObject[] {
  const list = (v: unknown) => (Array.isArray(v) ? (v as KubeObject[]) : []);
  return [...list(spec.initContainers), ...list(spec.containers), ...list(spec.ephemeralContainers)].filter((c) => c && typeof c === 'object');
}

const sc = (c: KubeObject): KubeObject | undefined => (c.securityContext && typeof c.securityContext === 'object' ? c.securityContext : undefined);
const named = (cs: KubeObject[]) => cs.map((c) => String(c.name ?? ''));
const containerList = (names: string[]) => `${plural('container', 'containers', names.length)} ${joinQuote(names)}`;

/** "pod and containers "a", "b"": the setters kube names in a detail. */
function setters(pod: boolean, names: string[]): string[] {
  const out: string[] = pod ? ['pod'] : [];
  if (names.length) out.push(containerList(names));
  return out;
}

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const validSeccompType = (t: unknown) => t === 'Localhost' || t === 'RuntimeDefault';

const BASELINE_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);
/** Safe sysctls by the policy version that allowed them. */
const SYSCTLS: [Minor, string[]][] = [
  [0, ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range']],
  [22, ['net.ipv4.ip_unprivileged_port_start']],
  [27, ['net.ipv4.ip_local_reserved_ports']],
  [29, ['net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes']],
  [32, ['net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']],
];
const RESTRICTED_OK_VOLUMES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];
const KNOWN_VOLUME_TYPES = new Set([
  'hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker',
  'fc', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos',
]);

// In kube's registration order (the checks' source files in name order).
const CHECKS: Check[] = [
  {
    id: 'allowPrivilegeEscalation',
    level: 'restricted',
    since: 8,
    run: (_m, spec) => {
      const bad = containers(spec).filter((c) => sc(c)?.allowPrivilegeEscalation !== false);
      if (!bad.length) return undefined;
      return { reason: 'allowPrivilegeEscalation != false', detail: `${containerList(named(bad))} must set securityContext.allowPrivilegeEscalation=false` };
    },
  },
  {
    id: 'appArmorProfile',
    level: 'baseline',
    since: 0,
    run: (meta, spec, minor) => {
      const bad: string[] = [];
      for (const [k, v] of Object.entries((meta.annotations ?? {}) as Record<string, string>)) {
        if (k.startsWith(APPARMOR_PREFIX) && v && v !== 'runtime/default' && !v.startsWith('localhost/')) bad.push(`${k}=${q(v)}`);
      }
      bad.sort();
      if (minor >= 30) {
        const unconfined = (o: KubeObject | undefined) => o?.appArmorProfile?.type === 'Unconfined';
        const who = setters(unconfined(spec.securityContext), named(containers(spec).filter((c) => unconfined(sc(c)))));
        if (who.length) bad.push(`${who.join(' and ')} must not set securityContext.appArmorProfile.type to "Unconfined"`);
      }
      if (!bad.length) return undefined;
      return { reason: plural('forbidden AppArmor profile', 'forbidden AppArmor profiles', bad.length), detail: bad.join(', ') };
    },
  },
  {
    id: 'capabilities_baseline',
    level: 'baseline',
    overlap: true,
    since: 0,
    run: (_m, spec) => {
      const badCaps: string[] = [];
      const bad = containers(spec).filter((c) => {
        const add: unknown[] = Array.isArray(sc(c)?.capabilities?.add) ? sc(c)!.capabilities.add : [];
        const wrong = add.map(String).filter((x) => !BASELINE_CAPABILITIES.has(x));
        badCaps.push(...wrong);
        return wrong.length > 0;
      });
      if (!bad.length) return undefined;
      return { reason: 'non-default capabilities', detail: `${containerList(named(bad))} must not include ${joinQuote(sortedUnique(badCaps))} in securityContext.capabilities.add` };
    },
  },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    since: 22,
    run: (_m, spec) => {
      const missingDrop: string[] = [];
      const adding: string[] = [];
      const badCaps: string[] = [];
      for (const c of containers(spec)) {
        const caps = sc(c)?.capabilities;
        if (!caps || typeof caps !== 'object') {
          missingDrop.push(String(c.name ?? ''));
          continue;
        }
        const drop: unknown[] = Array.isArray(caps.drop) ? caps.drop : [];
        if (!drop.includes('ALL')) missingDrop.push(String(c.name ?? ''));
        const add: unknown[] = Array.isArray(caps.add) ? caps.add : [];
        const wrong = add.map(String).filter((x) => x !== 'NET_BIND_SERVICE');
        if (wrong.length) {
          adding.push(String(c.name ?? ''));
          badCaps.push(...wrong);
        }
      }
      const details: string[] = [];
      if (missingDrop.length) details.push(`${containerList(missingDrop)} must set securityContext.capabilities.drop=["ALL"]`);
      if (adding.length) details.push(`${containerList(adding)} must not include ${joinQuote(sortedUnique(badCaps))} in securityContext.capabilities.add`);
      return details.length ? { reason: 'unrestricted capabilities', detail: details.join('; ') } : undefined;
    },
  },
  {
    id: 'hostNamespaces',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const used = (['hostNetwork', 'hostPID', 'hostIPC'] as const).filter((k) => spec[k] === true).map((k) => `${k}=true`);
      return used.length ? { reason: 'host namespaces', detail: used.join(', ') } : undefined;
    },
  },
  {
    id: 'hostPathVolumes',
    level: 'baseline',
    overlap: true,
    since: 0,
    run: (_m, spec) => {
      const names = (Array.isArray(spec.volumes) ? (spec.volumes as KubeObject[]) : []).filter((v) => v?.hostPath).map((v) => String(v.name ?? ''));
      return names.length ? { reason: 'hostPath volumes', detail: `${plural('volume', 'volumes', names.length)} ${joinQuote(names)}` } : undefined;
    },
  },
  {
    id: 'hostPorts',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const ports: string[] = [];
      const bad = containers(spec).filter((c) => {
        const used = (Array.isArray(c.ports) ? (c.ports as KubeObject[]) : []).filter((p) => p?.hostPort);
        ports.push(...used.map((p) => String(p.hostPort)));
        return used.length > 0;
      });
      if (!bad.length) return undefined;
      const unique = sortedUnique(ports);
      return { reason: 'hostPort', detail: `${containerList(named(bad))} ${plural('uses', 'use', bad.length)} ${plural('hostPort', 'hostPorts', unique.length)} ${unique.join(', ')}` };
    },
  },
  {
    id: 'privileged',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const bad = containers(spec).filter((c) => sc(c)?.privileged === true);
      return bad.length ? { reason: 'privileged', detail: `${containerList(named(bad))} must not set securityContext.privileged=true` } : undefined;
    },
  },
  {
    id: 'procMount',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const types: string[] = [];
      const bad = containers(spec).filter((c) => {
        const pm = sc(c)?.procMount;
        if (pm === undefined || pm === null || pm === 'Default') return false;
        types.push(String(pm));
        return true;
      });
      if (!bad.length) return undefined;
      return { reason: 'procMount', detail: `${containerList(named(bad))} must not set securityContext.procMount to ${joinQuote(sortedUnique(types))}` };
    },
  },
  {
    id: 'restrictedVolumes',
    level: 'restricted',
    since: 0,
    run: (_m, spec) => {
      const names: string[] = [];
      const types: string[] = [];
      for (const v of Array.isArray(spec.volumes) ? (spec.volumes as KubeObject[]) : []) {
        if (!v || typeof v !== 'object') continue;
        const sources = Object.keys(v).filter((k) => k !== 'name' && v[k] !== null && v[k] !== undefined);
        if (sources.some((k) => RESTRICTED_OK_VOLUMES.includes(k))) continue;
        names.push(String(v.name ?? ''));
        types.push(sources.find((k) => KNOWN_VOLUME_TYPES.has(k)) ?? 'unknown');
      }
      if (!names.length) return undefined;
      const unique = sortedUnique(types);
      return {
        reason: 'restricted volume types',
        detail: `${plural('volume', 'volumes', names.length)} ${joinQuote(names)} ${plural('uses', 'use', names.length)} ${plural('restricted volume type', 'restricted volume types', unique.length)} ${joinQuote(unique)}`,
      };
    },
  },
  {
    id: 'runAsNonRoot',
    level: 'restricted',
    since: 0,
    run: (_m, spec) => {
      const podValue = spec.securityContext?.runAsNonRoot;
      const explicit: string[] = [];
      const implicit: string[] = [];
      for (const c of containers(spec)) {
        const v = sc(c)?.runAsNonRoot;
        if (v === true || v === false) {
          if (v === false) explicit.push(String(c.name ?? ''));
        } else if (podValue !== true) implicit.push(String(c.name ?? ''));
      }
      const who = setters(podValue === false, explicit);
      if (who.length) return { reason: 'runAsNonRoot != true', detail: `${who.join(' and ')} must not set securityContext.runAsNonRoot=false` };
      if (implicit.length) return { reason: 'runAsNonRoot != true', detail: `pod or ${containerList(implicit)} must set securityContext.runAsNonRoot=true` };
      return undefined;
    },
  },
  {
    id: 'runAsUser',
    level: 'restricted',
    since: 23,
    run: (_m, spec) => {
      const who = setters(spec.securityContext?.runAsUser === 0, named(containers(spec).filter((c) => sc(c)?.runAsUser === 0)));
      return who.length ? { reason: 'runAsUser=0', detail: `${who.join(' and ')} must not set runAsUser=0` } : undefined;
    },
  },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    since: 0,
    run: (_m, spec, minor) => {
      const allowed = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t', ...(minor >= 31 ? ['container_engine_t'] : [])]);
      const badTypes: string[] = [];
      let setUser = false;
      let setRole = false;
      const invalid = (o: KubeObject | undefined) => {
        const se = o?.seLinuxOptions;
        if (!se || typeof se !== 'object') return false;
        let bad = false;
        if (!allowed.has(se.type ?? '')) {
          bad = true;
          badTypes.push(String(se.type));
        }
        if (se.user) bad = setUser = true;
        if (se.role) bad = setRole = true;
        return bad;
      };
      const who = setters(invalid(spec.securityContext), named(containers(spec).filter((c) => invalid(sc(c)))));
      if (!who.length) return undefined;
      const data: string[] = [];
      if (badTypes.length) {
        const unique = sortedUnique(badTypes);
        data.push(`${plural('type', 'types', unique.length)} ${joinQuote(unique)}`);
        if (setUser) data.push('user may not be set');
        if (setRole) data.push('role may not be set');
      }
      return { reason: 'seLinuxOptions', detail: `${who.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}` };
    },
  },
  {
    id: 'seccompProfile_baseline',
    level: 'baseline',
    overlap: true,
    since: 0,
    run: (meta, spec, minor) => {
      if (minor < 19) {
        const annotations = (meta.annotations ?? {}) as Record<string, string>;
        const okValue = (v: string) => v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');
        const bad: string[] = [];
        if (SECCOMP_POD_ANNOTATION in annotations && !okValue(annotations[SECCOMP_POD_ANNOTATION]!)) bad.push(`${SECCOMP_POD_ANNOTATION}=${q(annotations[SECCOMP_POD_ANNOTATION]!)}`);
        for (const c of containers(spec)) {
          const key = SECCOMP_CONTAINER_PREFIX + String(c.name ?? '');
          if (key in annotations && !okValue(annotations[key]!)) bad.push(`${key}=${q(annotations[key]!)}`);
        }
        const unique = sortedUnique(bad);
        return unique.length ? { reason: 'seccompProfile', detail: `forbidden ${plural('annotation', 'annotations', unique.length)} ${unique.join(', ')}` } : undefined;
      }
      const values: string[] = [];
      const invalid = (o: KubeObject | undefined) => {
        const p = o?.seccompProfile;
        if (!p || typeof p !== 'object' || validSeccompType(p.type)) return false;
        values.push(String(p.type ?? ''));
        return true;
      };
      const who = setters(invalid(spec.securityContext), named(containers(spec).filter((c) => invalid(sc(c)))));
      return who.length ? { reason: 'seccompProfile', detail: `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedUnique(values))}` } : undefined;
    },
  },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    since: 19,
    run: (_m, spec) => {
      const values: string[] = [];
      const podProfile = spec.securityContext?.seccompProfile;
      let podSet = false;
      let podBad = false;
      if (podProfile && typeof podProfile === 'object') {
        if (validSeccompType(podProfile.type)) podSet = true;
        else {
          podBad = true;
          values.push(String(podProfile.type ?? ''));
        }
      }
      const explicit: string[] = [];
      const implicit: string[] = [];
      for (const c of containers(spec)) {
        const p = sc(c)?.seccompProfile;
        if (p && typeof p === 'object') {
          if (!validSeccompType(p.type)) {
            explicit.push(String(c.name ?? ''));
            values.push(String(p.type ?? ''));
          }
        } else if (!podSet) implicit.push(String(c.name ?? ''));
      }
      const who = setters(podBad, explicit);
      if (who.length) return { reason: 'seccompProfile', detail: `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedUnique(values))}` };
      if (implicit.length) return { reason: 'seccompProfile', detail: `pod or ${containerList(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"` };
      return undefined;
    },
  },
  {
    id: 'sysctls',
    level: 'baseline',
    since: 0,
    run: (_m, spec, minor) => {
      const allowed = new Set(SYSCTLS.filter(([v]) => v <= minor).flatMap(([, names]) => names));
      const list: KubeObject[] = Array.isArray(spec.securityContext?.sysctls) ? spec.securityContext.sysctls : [];
      const bad = list.map((s) => String(s?.name ?? '')).filter((n) => !allowed.has(n));
      return bad.length ? { reason: 'forbidden sysctls', detail: bad.join(', ') } : undefined;
    },
  },
  {
    id: 'windowsHostProcess',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const hostProcess = (o: KubeObject | undefined) => o?.windowsOptions?.hostProcess === true;
      const who = setters(hostProcess(spec.securityContext), named(containers(spec).filter((c) => hostProcess(sc(c)))));
      return who.length ? { reason: 'hostProcess', detail: `${who.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true` } : undefined;
    },
  },
];

/** The violations of `level` at policy version `minor` (Infinity: latest), in kube's order. */
export function evaluatePod(level: Level, minor: Minor, meta: KubeObject, spec: KubeObject): CheckResult[] {
  if (level === 'privileged') return [];
  const v = Math.min(minor, MAX_POLICY_MINOR);
  const applies = (c: Check) => c.since <= v;
  const baseline = CHECKS.filter((c) => c.level === 'baseline' && !c.overlap && applies(c));
  const second = level === 'baseline' ? CHECKS.filter((c) => c.level === 'baseline' && c.overlap && applies(c)) : CHECKS.filter((c) => c.level === 'restricted' && applies(c));
  const out: CheckResult[] = [];
  for (const c of [...baseline, ...second]) {
    const r = c.run(meta ?? {}, spec ?? {}, v);
    if (r) out.push(r);
  }
  return out;
}

/** kube's ForbiddenDetail: each reason with its detail in parentheses, comma-separated. */
export function forbiddenDetail(results: CheckResult[]): string {
  return results.map((r) => (r.detail ? `${r.reason} (${r.detail})` : r.reason)).join(', ');
}

/** kube's ForbiddenReason: the reasons alone. */
export function forbiddenReason(results: CheckResult[]): string {
  return results.map((r) => r.reason).join(', ');
}
