// GET /version. kubelite reports the kube-apiserver release whose API it implements, v1.33.1 (the release the
// project's kubectl observations were made with), so clients apply 1.33 behaviour and version-skew checks pass.
// gitCommit is not an upstream commit: it is sha1("kubelite v1.33.1"), a stable value that looks like one.
// buildDate is the v1.33.1 release date, goVersion the Go release v1.33.1 was built with.
import { createHash } from 'node:crypto';
import { goJson } from '../golang/encoding-json.js';
import type { HttpResponse } from './http-response.js';

export interface VersionInfo {
  major: string;
  minor: string;
  emulationMajor?: string;
  emulationMinor?: string;
  minCompatibilityMajor?: string;
  minCompatibilityMinor?: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

const goArch: Record<string, string> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x' };

/** The body kube-apiserver 1.33 returns; fields in Go's struct order. */
export function versionInfo(): VersionInfo {
  return {
    major: '1',
    minor: '33',
    emulationMajor: '1',
    emulationMinor: '33',
    minCompatibilityMajor: '1',
    minCompatibilityMinor: '32',
    gitVersion: 'v1.33.1',
    gitCommit: createHash('sha1').update('kubelite v1.33.1').digest('hex'),
    gitTreeState: 'clean',
    buildDate: '2025-05-15T08:00:00Z',
    goVersion: 'go1.24.2',
    compiler: 'gc',
    platform: `${process.platform === 'win32' ? 'windows' : process.platform}/${goArch[process.arch] ?? process.arch}`,
  };
}

/** kube writes /version with WriteRawJSON: indented by two spaces, no trailing newline. */
export function versionResponse(info: VersionInfo = versionInfo()): HttpResponse {
  return { status: 200, headers: { 'Content-Type': 'application/json' }, body: goJson(info, 2) };
}
