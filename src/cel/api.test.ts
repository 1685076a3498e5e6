import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, estimateCost, Env, KubeEnv, T, CelCostLimitExceeded, CelError, CelCompileError, COST_LIMIT_EXCEEDED, PER_CALL_LIMIT } from './index.js';

test('api: compile caches programs per environment and expression', () => {
  const env = new Env({ variables: { x: T.int } });
  const p = compile('x + 1', env);
  assert.equal(compile('x + 1', env), p);
  assert.equal(p.eval({ x: 41n }), 42n);
  assert.equal(estimateCost(p, env).max, 2n);
});

test('api: int64 overflow, division by zero and unbound variables are evaluation errors', () => {
  const env = new Env({ variables: { x: T.int } });
  const err = (e: string, vars = {}) => { try { compile(e, env).eval(vars); } catch (x) { assert.ok(x instanceof CelError); return x.message; } return 'no error'; };
  assert.equal(err('9223372036854775807 + 1'), 'integer overflow');
  assert.equal(err('-9223372036854775808 - 1'), 'integer overflow');
  assert.equal(err('1 / 0'), 'division by zero');
  assert.equal(err('1 % 0'), 'modulus by zero');
  assert.equal(err("timestamp('9999-12-31T23:59:59Z') + duration('1s')"), 'timestamp overflow');
  assert.equal(err('x'), 'no such attribute(s): x');
  assert.equal(compile('false && 1 / 0 == 1', env).eval(), false);
  assert.equal(compile('1 / 0 == 1 || true', env).eval(), true);
});

test('api: a runaway comprehension stops at the per-call cost limit quickly', () => {
  const env = new KubeEnv({ mode: 'StoredExpressions', variables: { l: T.list(T.int) } });
  const l = Array.from({ length: 200 }, (_, i) => BigInt(i));
  const p = env.compile('l.all(a, l.all(b, l.all(c, a + b + c >= 0)))');
  const start = process.hrtime.bigint();
  const r = p.evalWithCost({ l });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  assert.ok(r.error instanceof CelCostLimitExceeded);
  assert.equal(r.error.message, COST_LIMIT_EXCEEDED);
  assert.ok(r.cost > PER_CALL_LIMIT && r.cost < PER_CALL_LIMIT + 100);
  assert.ok(ms < 2000, `took ${ms} ms`);
});

test('api: Kubernetes environments differ between new and stored expressions', () => {
  const stored = new KubeEnv({ mode: 'StoredExpressions', variables: { l: T.list(T.int) } });
  const fresh = new KubeEnv({ mode: 'NewExpressions', compatibilityMinor: 31, variables: { l: T.list(T.int) } });
  assert.equal(stored.compile('l.all(i, v, v >= i)').eval({ l: [0n, 1n] }), true);
  assert.throws(() => fresh.compile('l.all(i, v, v >= i)'), CelCompileError);
  assert.throws(() => stored.compile("duration('1x') == duration('1s')"), (e: unknown) => e instanceof CelCompileError && /invalid duration argument/.test(e.message));
  assert.throws(() => stored.compile("'a'.matches('(?=a)')"), (e: unknown) => e instanceof CelCompileError && /invalid matches argument/.test(e.message));
});

test('api: comprehensions check for interruption every 100 iterations', () => {
  const env = new Env({ variables: { l: T.list(T.int) } });
  let asked = 0;
  const r = compile('l.all(x, x >= 0)', env).evalWithCost({ l: Array.from({ length: 1000 }, () => 1n) }, Infinity, () => ++asked >= 3);
  assert.equal(asked, 3);
  assert.ok(r.error instanceof CelCostLimitExceeded);
  assert.equal(r.error.message, 'operation interrupted');
});

test('api: Kubernetes libraries are bound: quantity, strings, urls, ip, semver only for stored expressions', () => {
  const stored = new KubeEnv({ mode: 'StoredExpressions', variables: {} });
  const fresh = new KubeEnv({ mode: 'NewExpressions', variables: {} });
  assert.equal(stored.compile("quantity('1Gi') == quantity('1024Mi') && quantity('1').add(2).isGreaterThan(quantity('2'))").eval(), true);
  assert.equal(stored.compile("'a,b'.split(',').join('-') == 'a-b' && 'Hello'.lowerAscii() == 'hello'").eval(), true);
  assert.equal(stored.compile("url('https://example.com:8443/x?a=1').getPort() == '8443' && ip('10.0.0.1').family() == 4").eval(), true);
  assert.equal(stored.compile("cidr('10.0.0.0/8').containsIP('10.1.2.3') && [3, 1, 2].max() == 3 && sets.contains([1, 2], [2])").eval(), true);
  assert.equal(stored.compile("semver('1.2.3').isLessThan(semver('1.10.0'))").eval(), true);
  assert.throws(() => fresh.compile("semver('1.2.3').major() == 1"), (e: unknown) => e instanceof CelCompileError && /undeclared reference to 'semver'/.test(e.message));
  assert.throws(() => stored.compile("quantity('1x')").eval(), (e: unknown) => e instanceof CelError && /quantities must match the regular expression/.test(e.message));
  assert.throws(() => stored.compile("'%d'.format(['a'])"), CelCompileError);
  assert.equal(stored.compile("'%s and %d'.format(['a', 1])").eval(), 'a and 1');
});

test('api: kube budget factor texts', async () => {
  const { budgetFactor, estimatedRuleCostMessage } = await import('./kube-env.js');
  assert.equal(budgetFactor(12_000_000, 10_000_000), '1.200000x');
  assert.equal(budgetFactor(25_000_000, 10_000_000), '2.5x');
  assert.equal(budgetFactor(2_000_000_000, 10_000_000), 'more than 100x');
  assert.equal(estimatedRuleCostMessage(25_000_000), 'estimated rule cost exceeds budget by factor of 2.5x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)');
});

test('api: the authorizer library checks resources and paths through a synchronous authorizer', async () => {
  const { authorizerValue, requestResourceCheck } = await import('./authz.js');
  const seen: unknown[] = [];
  const authorizer = {
    authorize(attrs: { verb: string; resource: string; user: { name: string }; fieldSelector?: string }) {
      seen.push(attrs);
      return attrs.resource === 'pods' && attrs.verb === 'get' ? { decision: 'allow' as const, reason: 'ok' } : { decision: 'noOpinion' as const, reason: 'nope' };
    },
  };
  const A = T.opaque('kubernetes.authorization.Authorizer');
  const R = T.opaque('kubernetes.authorization.ResourceCheck');
  const env = new KubeEnv({ mode: 'StoredExpressions', variables: { authorizer: A, requestResource: R } });
  const authz = authorizerValue({ name: 'alice', groups: [] }, authorizer as never);
  const vars = { authorizer: authz, requestResource: requestResourceCheck(authz, { group: '', resource: 'pods', subresource: '', namespace: 'ns', name: 'p' }) };
  assert.equal(env.compile("authorizer.group('').resource('pods').namespace('ns').check('get').allowed()").eval(vars), true);
  assert.equal(env.compile("authorizer.path('/healthz').check('get').reason()").eval(vars), 'nope');
  assert.equal(env.compile("requestResource.check('get').allowed()").eval(vars), true);
  assert.equal(env.compile("authorizer.serviceAccount('ns', 'sa').group('apps').resource('deployments').check('list').allowed()").eval(vars), false);
  assert.equal((seen.at(-1) as { user: { name: string } }).user.name, 'system:serviceaccount:ns:sa');
  assert.throws(() => env.compile("authorizer.path('').check('get')").eval(vars), (e: unknown) => e instanceof CelError && e.message === 'path must not be empty');
  assert.equal(env.compile("authorizer.group('').resource('pods').fieldSelector('spec.nodeName=n1').check('get').allowed()").eval(vars), true);
  assert.equal((seen.at(-1) as { fieldSelector?: string }).fieldSelector, 'spec.nodeName=n1');
  const r = env.compile("authorizer.group('').resource('pods').check('get').allowed()").evalWithCost(vars);
  assert.equal(r.cost, 350000 + 1 + 1 + 1 + 1);
});

test('api: programs tell which variables they read (transition rules read oldSelf)', () => {
  const env = new Env({ variables: { self: T.int, oldSelf: T.int } });
  assert.equal(compile('self >= oldSelf', env).usesVariable('oldSelf'), true);
  assert.equal(compile('self > 0', env).usesVariable('oldSelf'), false);
  // Kubernetes looks at the reference map by name, so a comprehension variable named oldSelf counts too.
  assert.equal(compile('[1].all(oldSelf, oldSelf > 0)', env).usesVariable('oldSelf'), true);
});

test('api: a conversion of a dyn value in a Kubernetes environment dispatches on the run-time type', () => {
  // The ip and cidr libraries add string() overloads of their own; an int, a bool or a string still converts.
  const env = new KubeEnv({ mode: 'StoredExpressions', variables: { p: T.dyn } });
  assert.equal(compile("'n=' + string(p)", env).eval({ p: 1n }), 'n=1');
  assert.equal(compile('string(p)', env).eval({ p: true }), 'true');
  assert.equal(compile('string(p)', env).eval({ p: 'x' }), 'x');
  assert.equal(compile("string(p) == '10.0.0.1'", env).eval({ p: compile("ip('10.0.0.1')", env).eval() }), true);
});
