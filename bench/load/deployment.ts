// The server-side apply the `apply` scenario sends: a Deployment with three containers (ports, env, resources,
// probes), as JSON (YAML's subset) under application/apply-patch+yaml. The first container's image changes with
// every request, so each apply is a real change.
const container = (name: string, image: string, port: number) => ({
  name,
  image,
  ports: [{ name: 'http', containerPort: port, protocol: 'TCP' }],
  env: [
    { name: 'MODE', value: 'bench' },
    { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
  ],
  resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '128Mi' } },
  readinessProbe: { httpGet: { path: '/healthz', port } },
});

export function deploymentApply(ns: string, name: string, i: number): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns, labels: { app: name } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [container('web', `nginx:1.${i % 1000}`, 8080), container('sidecar', 'envoyproxy/envoy:v1.30.0', 9901), container('metrics', 'prom/statsd-exporter:v0.26.0', 9102)],
        },
      },
    },
  });
}
