// kube-apiserver flags kubelite accepts so that launchers written for kube-apiserver (controller-runtime's envtest,
// kubeadm-style scripts) start it unchanged, but which have no meaning for an API server that runs no kubelet, no
// nodes and no aggregated API proxy. Each one given is reported once at start (see main.ts) and otherwise ignored.
// A flag kubelite implements is never listed here: FLAGS is looked up first.

export interface IgnoredFlag {
  name: string;
  /** pflag's value type; '' for a boolean. */
  type: string;
  /** Why kubelite has no use for it (the start-up log line). */
  why: string;
}

const NO_KUBELET = 'kubelite runs no kubelet';

export const IGNORED_FLAGS: IgnoredFlag[] = [
  { name: 'allow-privileged', type: '', why: `${NO_KUBELET}, so there are no privileged containers to allow` },
  { name: 'advertise-address', type: 'ip', why: 'the kubernetes Service has no endpoints to advertise (no pods run)' },
  { name: 'kubelet-certificate-authority', type: 'string', why: NO_KUBELET },
  { name: 'kubelet-client-certificate', type: 'string', why: NO_KUBELET },
  { name: 'kubelet-client-key', type: 'string', why: NO_KUBELET },
  { name: 'kubelet-preferred-address-types', type: 'strings', why: NO_KUBELET },
  { name: 'kubelet-timeout', type: 'duration', why: NO_KUBELET },
  { name: 'endpoint-reconciler-type', type: 'string', why: 'the kubernetes Service has no endpoints to reconcile (no pods run)' },
  { name: 'proxy-client-cert-file', type: 'string', why: 'kubelite proxies to no aggregated API server or node' },
  { name: 'proxy-client-key-file', type: 'string', why: 'kubelite proxies to no aggregated API server or node' },
  { name: 'enable-aggregator-routing', type: '', why: 'kubelite proxies to no aggregated API server' },
  { name: 'profiling', type: '', why: 'kubelite serves no Go profiling endpoints' },
];

export function ignoredFlag(name: string): IgnoredFlag | undefined {
  return IGNORED_FLAGS.find((f) => f.name === name);
}

/** The start-up line for an ignored flag. */
export function ignoredFlagMessage(f: IgnoredFlag, value: string): string {
  return `Ignoring flag --${f.name}=${value}: ${f.why}`;
}
