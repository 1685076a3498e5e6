import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger, klogTextLine, kubeJsonLine, logV } from './logging.js';

const at = new Date(2026, 10, 26, 9, 5, 7, 123).getTime(); // local time, as klog prints it

test('klog text: severity and local MMDD hh:mm:ss.micros, the pid right-aligned in 7, file:line, quoted message, key=value', () => {
  const line = klogTextLine({ level: 30, time: at, msg: 'HTTP', verb: 'GET', URI: '/a "b"', resp: 200, ok: true, obj: { a: 1 } });
  assert.equal(line, `I1126 09:05:07.123000 ${String(process.pid).padStart(7)} kubelite.go:0] "HTTP" verb="GET" URI="/a \\"b\\"" resp=200 ok=true obj={"a":1}\n`);
  assert.match(klogTextLine({ level: 40, time: at, msg: 'w' }), /^W1126 /);
  assert.match(klogTextLine({ level: 50, time: at, msg: 'e', err: { type: 'Error', message: 'boom', stack: 'x' } }), /^E1126 .*\] "e" err="boom"\n$/);
});

test('kube JSON: ts in epoch ms, time in RFC 3339 (UTC), msg, v (none for errors), then the keys', () => {
  const time = new Date(at).toISOString();
  assert.equal(kubeJsonLine({ level: 27, time: at, msg: 'HTTP', resp: 200 }), JSON.stringify({ ts: at, time, msg: 'HTTP', v: 3, resp: 200 }) + '\n');
  assert.equal(kubeJsonLine({ level: 30, time: at, msg: 'x' }), JSON.stringify({ ts: at, time, msg: 'x', v: 0 }) + '\n');
  assert.equal(kubeJsonLine({ level: 50, time: at, msg: 'x', err: { message: 'boom' } }), JSON.stringify({ ts: at, time, msg: 'x', err: 'boom' }) + '\n');
  // RFC 3339 with a fractional second and a zone designator, and the same instant as ts.
  const line = JSON.parse(kubeJsonLine({ level: 30, time: at, msg: 'x' }));
  assert.match(line.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.equal(Date.parse(line.time), line.ts);
});

test('verbosity as kube\'s -v: V(3) lines from -v=3, info always, nothing below 0', () => {
  for (const [v, want] of [[0, ['info']], [2, ['info']], [3, ['info', 'v3']], [5, ['info', 'v3', 'debug']], [-1, []]] as const) {
    const lines: string[] = [];
    const sink = new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) });
    const log = createLogger(v, sink, 'json');
    log.info('info');
    logV(log, 3, {}, 'v3');
    log.debug('debug');
    assert.deepEqual(lines.map((l) => JSON.parse(l).msg), want, `-v=${v}`);
  }
});
