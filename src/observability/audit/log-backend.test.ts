import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogBackend } from './log-backend.js';
import { legacyLine, type AuditEvent } from './event.js';

const event = (id: string, extra: Partial<AuditEvent> = {}): AuditEvent => ({
  kind: 'Event',
  apiVersion: 'audit.k8s.io/v1',
  level: 'Metadata',
  auditID: id,
  stage: 'ResponseComplete',
  requestURI: '/api/v1/namespaces/default/pods',
  verb: 'list',
  user: { username: 'jane', groups: ['dev', 'system:authenticated'] },
  sourceIPs: ['10.0.0.5'],
  userAgent: 'kubectl/v1.33.0',
  objectRef: { resource: 'pods', namespace: 'default', apiVersion: 'v1' },
  responseStatus: { metadata: {}, code: 200 },
  requestReceivedTimestamp: '2025-01-01T10:00:00.123456Z',
  stageTimestamp: '2025-01-01T10:00:00.130211Z',
  ...extra,
});

const options = (path: string, maxBackups = 0) => ({
  path, format: 'json' as const, maxSizeMB: 1, maxBackups, maxAgeDays: 0, mode: 'blocking' as const,
  batch: { bufferSize: 1, maxBatchSize: 1, maxWaitMs: 0 }, onDrop: () => assert.fail('dropped'), onError: (e: Error) => assert.fail(e),
});

test('the log rotates past --audit-log-maxsize into <name>-<UTC time><ext> and keeps --audit-log-maxbackup backups', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-audit-log-'));
  const b = new LogBackend(options(join(dir, 'audit.log'), 2));
  const big = { note: 'x'.repeat(100 * 1024) };
  for (let i = 0; i < 40; i++) {
    b.processEvents([event(`id-${i}`, { requestObject: big })]);
    await new Promise((r) => setImmediate(r));
  }
  await b.shutdown();
  const files = readdirSync(dir).sort();
  assert.equal(files.length, 3, files.join(' '));
  for (const f of files.filter((f) => f !== 'audit.log')) assert.match(f, /^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}\.log$/);
  const last = readFileSync(join(dir, 'audit.log'), 'utf8').trim().split('\n');
  assert.equal(JSON.parse(last[last.length - 1]!).auditID, 'id-39');
});

test('the legacy line format', () => {
  const line = legacyLine(event('abc', { impersonatedUser: { username: 'bob', groups: ['x'] }, requestReceivedTimestamp: '2025-01-01T10:00:00.123450Z' }));
  assert.equal(
    line,
    '2025-01-01T10:00:00.12345Z AUDIT: id="abc" stage="ResponseComplete" ip="10.0.0.5" method="list" user="jane" groups="\\"dev\\",\\"system:authenticated\\"" as="bob" asgroups="\\"x\\"" user-agent="kubectl/v1.33.0" namespace="default" uri="/api/v1/namespaces/default/pods" response="200"',
  );
});

test('blocking mode: the events of the last turn are in the log when the process exits at once, by exit() or a crash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-audit-exit-'));
  try {
    const backend = fileURLToPath(new URL('./log-backend.js', import.meta.url));
    for (const end of ['process.exit(0)', 'throw new Error("crash")']) {
      const path = join(dir, `${end.startsWith('throw') ? 'crash' : 'exit'}.log`);
      const script = `
        const { LogBackend } = await import(${JSON.stringify(backend)});
        const b = new LogBackend({ path: ${JSON.stringify(path)}, format: 'json', maxSizeMB: 1, maxBackups: 0, maxAgeDays: 0, mode: 'blocking',
          batch: { bufferSize: 1, maxBatchSize: 1, maxWaitMs: 0 }, onDrop: () => {}, onError: (e) => { throw e; } });
        const e = (id) => ({ kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: 'Metadata', auditID: id, stage: 'ResponseComplete', requestURI: '/version',
          verb: 'get', user: {}, requestReceivedTimestamp: '2025-01-01T10:00:00.000000Z', stageTimestamp: '2025-01-01T10:00:00.000001Z' });
        for (let i = 0; i < 3; i++) b.processEvents([e('id-' + i)]);
        ${end};`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.equal(r.status, end.startsWith('throw') ? 1 : 0, r.stderr);
      const ids = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l).auditID);
      assert.deepEqual(ids, ['id-0', 'id-1', 'id-2'], end);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
