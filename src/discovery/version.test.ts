import assert from 'node:assert/strict';
import { test } from 'node:test';
import { versionInfo, versionResponse } from './version.js';

test('/version reports v1.33.1 with the 1.33 fields in Go order, indented as WriteRawJSON writes it', () => {
  const r = versionResponse();
  assert.equal(r.status, 200);
  assert.deepEqual(r.headers, { 'Content-Type': 'application/json' });
  const body = r.body as string;
  assert.deepEqual(Object.keys(JSON.parse(body)), [
    'major',
    'minor',
    'emulationMajor',
    'emulationMinor',
    'minCompatibilityMajor',
    'minCompatibilityMinor',
    'gitVersion',
    'gitCommit',
    'gitTreeState',
    'buildDate',
    'goVersion',
    'compiler',
    'platform',
  ]);
  assert.ok(body.startsWith('{\n  "major": "1",\n  "minor": "33",\n  "emulationMajor": "1",\n  "emulationMinor": "33",\n  "minCompatibilityMajor": "1",\n  "minCompatibilityMinor": "32",\n  "gitVersion": "v1.33.1",\n'));
  assert.ok(body.endsWith('"\n}'));
  const info = versionInfo();
  assert.match(info.gitCommit, /^[0-9a-f]{40}$/);
  assert.equal(info.gitTreeState, 'clean');
  assert.equal(info.compiler, 'gc');
  assert.match(info.platform, /^[a-z0-9]+\/[a-z0-9]+$/);
  assert.equal(info.platform.endsWith('/x64'), false, 'Go architecture names');
});
