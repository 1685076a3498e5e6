// Logs as kube-apiserver writes them: klog text lines by default, kube's JSON with --logging-format=json, one
// "HTTP" line per request from -v=3 (none below), no warning for the default configuration, credentials never
// logged; the library takes a logger or 'silent'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:https';
import { kubeliteCommand } from '../src/testing/cli-command.js';

const CLI = kubeliteCommand();

async function withServer(args: string[], fn: (url: string, dir: string) => Promise<void>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-log-'));
  const child = spawn(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dir}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /at (https:\/\/\S+) /.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (c) => reject(new Error(`exited ${c}: ${stderr}`)));
    });
    await fn(url, dir);
  } finally {
    await new Promise((r) => {
      child.on('exit', r);
      child.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
  }
  return stderr;
}

function get(url: string, dir: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const u = new URL(path, url);
    request({ host: u.hostname, port: u.port, path: u.pathname, headers, ca: readFileSync(join(dir, 'pki', 'ca.crt')), cert: readFileSync(join(dir, 'pki', 'admin.crt')), key: readFileSync(join(dir, 'pki', 'admin.key')) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    }).on('error', reject).end();
  });
}

const KLOG = /^([IWEF])(\d{4}) (\d\d:\d\d:\d\d\.\d{6}) +(\d+) (\S+:\d+)\] ("(?:[^"\\]|\\.)*")(.*)$/;

test('-v=3 logs one klog text line per request, with kube\'s httplog keys and no credentials', async () => {
  const stderr = await withServer(['-v=3'], async (url, dir) => {
    assert.equal(await get(url, dir, '/api/v1/namespaces/default', { authorization: 'Bearer super-secret-token' }), 200);
    assert.equal(await get(url, dir, '/api/v1/namespaces/default', { 'user-agent': 'logtest/1.0' }), 200);
    await new Promise((r) => setTimeout(r, 200));
  });
  const lines = stderr.split('\n').filter((l) => l.includes('] "HTTP" verb='));
  assert.equal(lines.length, 2, stderr);
  const m = KLOG.exec(lines[1]!);
  assert.ok(m, lines[1]);
  assert.equal(m[1], 'I');
  assert.equal(Number(m[4]), Number(/ (\d+) /.exec(lines[1]!)![1]));
  assert.match(m[7]!, /^ verb="GET" URI="\/api\/v1\/namespaces\/default" latency="\d+(\.\d+)?m?s" userAgent="logtest\/1\.0" audit-ID="[0-9a-f-]{36}" srcIP="127\.0\.0\.1:\d+" resp=200$/);
  assert.ok(!stderr.includes('super-secret-token'));
});

test('--logging-format=json writes kube\'s JSON lines: ts in epoch milliseconds, time in RFC 3339, msg, v, then the keys', async () => {
  const stderr = await withServer(['-v=3', '--logging-format=json'], async (url, dir) => {
    assert.equal(await get(url, dir, '/api/v1/namespaces/default'), 200);
    await new Promise((r) => setTimeout(r, 200));
  });
  const lines = stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const http = lines.filter((l) => l.msg === 'HTTP');
  assert.equal(http.length, 1, stderr);
  assert.deepEqual(Object.keys(http[0]), ['ts', 'time', 'msg', 'v', 'verb', 'URI', 'latency', 'audit-ID', 'srcIP', 'resp']);
  assert.equal(Date.parse(http[0].time), http[0].ts, http[0].time);
  assert.match(http[0].time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.equal(http[0].v, 3);
  assert.ok(Math.abs(http[0].ts - Date.now()) < 120_000, String(http[0].ts));
  assert.equal(http[0].resp, 200);
});

test('-v=2 logs no request lines, and the default configuration logs no warning', async () => {
  const stderr = await withServer(['-v=2'], async (url, dir) => {
    assert.equal(await get(url, dir, '/api/v1/namespaces/default'), 200);
  });
  assert.ok(!stderr.includes('"HTTP"'), stderr);
  assert.deepEqual(stderr.split('\n').filter((l) => /^[WE]\d{4} /.test(l)), []);
});

test('a bad --logging-format is refused with kube\'s message', async () => {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(CLI.command, [...CLI.args, '--logging-format=yaml'], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.equal(r.stderr.split('\n')[0], 'Error: invalid argument "yaml" for "--logging-format" flag: unsupported log format "yaml", permitted formats: "json", "text"');
});

test('the library takes a pino logger (here at debug: V(3) request lines included) or \'silent\'', async () => {
  const { pino } = await import('pino');
  const { Writable } = await import('node:stream');
  const { startServer } = await import('../src/index.js');
  const records: { msg: string; verb?: string; resp?: number }[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(l));
      cb();
    },
  });
  const s = await startServer({ securePort: 0, storageBackend: 'memory', logger: pino({ level: 'debug' }, sink), authorizationModes: ['AlwaysAllow'] });
  try {
    const r = await fetchStatus(s.url + '/version', s);
    assert.equal(r, 200);
    await new Promise((res) => setTimeout(res, 100));
  } finally {
    await s.stop();
  }
  assert.ok(records.some((r) => r.msg === 'HTTP' && r.verb === 'GET' && r.resp === 200), JSON.stringify(records));
  assert.ok(records.some((r) => r.msg.startsWith('AnonymousAuth is not allowed with the AlwaysAllow authorizer')));

  // 'silent': a child process whose only output would be the server's logs.
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const index = fileURLToPath(new URL('../src/index.js', import.meta.url));
  const script = `const { startServer } = await import(${JSON.stringify(index)});
const s = await startServer({ securePort: 0, storageBackend: 'memory', logger: 'silent', verbosity: 10, authorizationModes: ['AlwaysAllow'] });
await fetch(s.url + '/version').catch(() => {});
await s.stop();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stderr, '');
  assert.equal(child.stdout, '');
});

async function fetchStatus(url: string, s: { ca: string; admin: { cert: string; key: string } }): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end();
  });
}
