// --feature-gates at the command line: kube's start-up errors, its warnings for deprecated and GA gates, and the
// gate list of --help.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeliteCommand } from '../src/testing/cli-command.js';

const CLI = kubeliteCommand();

function run(args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-gates-'));
  try {
    return spawnSync(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dir}`, ...args], { encoding: 'utf8', timeout: 30_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an unknown gate and a locked GA gate set false stop the start with kube\'s errors', () => {
  const unknown = run(['--feature-gates=NoSuchGate=true']);
  assert.equal(unknown.status, 1);
  assert.equal(unknown.stderr, 'Error: unrecognized feature gate: NoSuchGate\n');
  const locked = run(['--feature-gates=BtreeWatchCache=false']);
  assert.equal(locked.status, 1);
  assert.equal(locked.stderr, 'Error: cannot set feature gate BtreeWatchCache to false, feature is locked to true\n');
  const bad = run(['--feature-gates=WatchList=maybe']);
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr.split('\n')[0], 'Error: invalid value of WatchList=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax');
});

test('deprecated and GA gates that are set warn at start as kube logs it, and the server starts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-gates-'));
  const child = spawn(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dir}`, '--storage=memory', '--feature-gates=KMSv1=false,BtreeWatchCache=true,WatchList=true'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  try {
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no start: ${stderr}`)), 60_000);
      child.stdout.on('data', () => {
        if (stdout.includes('kubelite is serving')) {
          clearTimeout(t);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    // klog text lines: W<mmdd> <time> <pid> <file:line>] <message>
    // (kubelite writes every message as a structured one, quoted; kube's Warningf leaves this one unquoted)
    const warned = stderr.split('\n').filter((l) => /^W\d{4} /.test(l)).map((l) => l.slice(l.indexOf('] ') + 2)).map((m) => (m.startsWith('"') ? (JSON.parse(m.split(/" /)[0]!.replace(/"?$/, '"')) as string) : m));
    assert.ok(warned.includes('Setting deprecated feature gate KMSv1=false. It will be removed in a future release.'), stderr);
    assert.ok(warned.includes('Setting GA feature gate BtreeWatchCache=true. It will be removed in a future release.'), stderr);
    assert.ok(!warned.some((m) => m.includes('WatchList')));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--help lists the gates as kube-apiserver 1.33 does', () => {
  const r = spawnSync(CLI.command, [...CLI.args, '--help'], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  const lines = r.stdout.split('\n').map((l) => l.trim());
  assert.ok(lines.includes('kube:AllAlpha=true|false (ALPHA - default=false)'));
  assert.ok(lines.includes('kube:AllBeta=true|false (BETA - default=false)'));
  assert.ok(lines.includes('kube:DeclarativeValidation=true|false (BETA - default=true)'));
  assert.ok(lines.includes('kube:DeclarativeValidationTakeover=true|false (BETA - default=false)'));
  assert.ok(lines.includes('kube:WatchList=true|false (BETA - default=false)'));
  assert.ok(!lines.some((l) => l.startsWith('kube:BtreeWatchCache=')));
});
