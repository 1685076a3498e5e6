import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authError, notMine, type AuthResult, type TokenAuthenticator } from './authenticator.js';
import { TokenUnion } from './token-union.js';

function counting(answer: (t: string) => AuthResult): TokenAuthenticator & { calls: number } {
  return {
    name: 'counting',
    calls: 0,
    authenticateToken(t: string) {
      this.calls++;
      return answer(t);
    },
  };
}

const tc = () => ({ audiences: ['api'], warnings: [] as string[], auditAnnotations: {} });

test('first success wins; errors only when nobody succeeds, aggregated as kube does', async () => {
  const a = counting((t) => (t === 'x' ? authError('bad x') : notMine));
  const b = counting((t) => (t === 'ok' ? { kind: 'user', user: { name: 'u', groups: [] } } : authError('bad b')));
  const u = new TokenUnion([a, b], 0);
  assert.equal((await u.authenticateToken('ok', tc())).kind, 'user');
  const r = await u.authenticateToken('x', tc());
  assert.equal(r.kind === 'error' && r.error.message, '[bad x, bad b]');
  const one = await u.authenticateToken('y', tc());
  assert.equal(one.kind === 'error' && one.error.message, 'bad b');
});

test('successes are cached per token and audiences, failures are not; concurrent lookups are shared', async () => {
  const a = counting((t) => (t === 'ok' ? { kind: 'user', user: { name: 'u', groups: [] } } : notMine));
  const u = new TokenUnion([a]);
  await Promise.all([u.authenticateToken('ok', tc()), u.authenticateToken('ok', tc())]);
  await u.authenticateToken('ok', tc());
  assert.equal(a.calls, 1);
  await u.authenticateToken('ok', { ...tc(), audiences: ['other'] });
  assert.equal(a.calls, 2);
  await u.authenticateToken('no', tc());
  await u.authenticateToken('no', tc());
  assert.equal(a.calls, 4);
});
