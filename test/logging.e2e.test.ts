// Structured request logs: one JSON line per request at -v=2, none at -v=0, and credentials never logged.
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

test('-v=2 logs one structured line per request and no credentials', async () => {
  const stderr = await withServer(['-v=2'], async (url, dir) => {
    assert.equal(await get(url, dir, '/api/v1/namespaces/default', { authorization: 'Bearer super-secret-token' }), 200);
    assert.equal(await get(url, dir, '/api/v1/namespaces/default'), 200);
    await new Promise((r) => setTimeout(r, 200));
  });
  const lines = stderr.split('\n').filter((l) => l.includes('"msg":"HTTP"')).map((l) => JSON.parse(l));
  assert.equal(lines.length, 2, stderr);
  assert.equal(lines[1].verb, 'get');
  assert.equal(lines[1].uri, '/api/v1/namespaces/default');
  assert.equal(lines[1].user, 'kubelite-admin');
  assert.equal(lines[1].status, 200);
  assert.match(lines[1].auditID, /^[0-9a-f-]{36}$/);
  assert.ok(!stderr.includes('super-secret-token'));
});

test('-v=0 logs no request lines', async () => {
  const stderr = await withServer([], async (url, dir) => {
    assert.equal(await get(url, dir, '/api/v1/namespaces/default'), 200);
  });
  assert.ok(!stderr.includes('"msg":"HTTP"'));
});

