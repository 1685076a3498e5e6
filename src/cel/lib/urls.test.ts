import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import { isURL, parseRequestURIError, url } from './urls.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);
const PREFIX = 'URL parse error during conversion from string: ';

test('url(): accessors return Go net/url fields', () => {
  const u = url('https://user:pass@example.com:80/path?query=val#fragment');
  assert.equal(u.getScheme(), 'https');
  assert.equal(u.getHost(), 'example.com:80');
  assert.equal(u.getHostname(), 'example.com');
  assert.equal(u.getPort(), '80');
  assert.equal(u.getEscapedPath(), '/path');
  assert.deepEqual([...u.getQuery()], [['query', ['val']]]);

  const v6 = url('https://[::1]:8080/');
  assert.equal(v6.getHost(), '[::1]:8080');
  assert.equal(v6.getHostname(), '::1');
  assert.equal(v6.getPort(), '8080');
  assert.equal(url('https://[::1]/').getHostname(), '::1');
  assert.equal(url('https://[fe80::1%25en0]:80/').getHost(), '[fe80::1%en0]:80');

  const p = url('/absolute-path');
  assert.equal(p.getScheme(), '');
  assert.equal(p.getHost(), '');
  assert.equal(p.getEscapedPath(), '/absolute-path');
  assert.deepEqual([...p.getQuery()], []);

  assert.equal(url('HTTPS://Example.com/').getScheme(), 'https');
  assert.equal(url('https://example.com').getEscapedPath(), '');
  assert.equal(url('https://example.com/with space').getEscapedPath(), '/with%20space');
  assert.equal(url('https://example.com/a%2fb').getEscapedPath(), '/a%2fb'); // RawPath kept
  assert.equal(url('https://example.com/%41').getEscapedPath(), '/%41'); // a valid RawPath is returned as written
  assert.equal(url('https://example.com/ü').getEscapedPath(), '/%C3%BC');
  assert.equal(url('https://example.com:/').getPort(), '');
  assert.equal(url('mailto:user@example.com').getHost(), ''); // opaque
  assert.equal(url('https://example.com/#frag?x=1').getQuery().size, 0); // fragment removed before the query
  assert.equal(url('*').getEscapedPath(), '*');
});

test('getQuery(): repeated keys, unescaping, dropped malformed pairs', () => {
  const q = url('https://e.com/?a=1&b=2&a=3&c&d=%20x+y&bad=%zz&e;f=1&=v').getQuery();
  assert.deepEqual([...q], [
    ['a', ['1', '3']],
    ['b', ['2']],
    ['c', ['']],
    ['d', [' x y']],
    ['', ['v']],
  ]);
});

test("url() and isURL(): url.ParseRequestURI's errors", () => {
  const cases: [string, string][] = [
    ['../relative-path', 'parse "../relative-path": invalid URI for request'],
    ['example.com', 'parse "example.com": invalid URI for request'],
    ['', 'parse "": empty url'],
    [':foo', 'parse ":foo": missing protocol scheme'],
    ['https://a:b:c/', 'parse "https://a:b:c/": invalid port ":c" after host'],
    ['https://[::1/', `parse "https://[::1/": missing ']' in host`],
    ['https://[::1]x/', 'parse "https://[::1]x/": invalid port "x" after host'],
    ['https://ex ample.com/', 'parse "https://ex ample.com/": invalid character " " in host name'],
    ['https://example.com/%zz', 'parse "https://example.com/%zz": invalid URL escape "%zz"'],
    ['https://example.com/%4', 'parse "https://example.com/%4": invalid URL escape "%4"'],
    ['https://ex%41mple.com/', 'parse "https://ex%41mple.com/": invalid URL escape "%41"'],
    ['https://a b@example.com/', 'parse "https://a b@example.com/": net/url: invalid userinfo'],
    ['https://example.com/\n', 'parse "https://example.com/\\n": net/url: invalid control character in URL'],
  ];
  for (const [raw, msg] of cases) {
    throwsWith(() => url(raw), PREFIX + msg);
    assert.equal(isURL(raw), false, raw);
    assert.equal(parseRequestURIError(raw), msg, raw);
  }
  // ParseRequestURI keeps '#' in the path, so a bad escape after it fails there too.
  throwsWith(() => url('https://e.com/a#%zz'), PREFIX + 'parse "https://e.com/a#%zz": invalid URL escape "%zz"');
  assert.equal(isURL('https://e.com/a#%zz'), false);
  // …while url() keeps url.Parse's view: the fragment is not part of the path.
  assert.equal(url('https://e.com/a#b').getEscapedPath(), '/a');
  assert.equal(isURL('https://user:pass@example.com:80/path?query=val#fragment'), true);
  assert.equal(isURL('/absolute-path'), true);
  assert.equal(isURL('mailto:me'), true);
});

test('URL equality compares the printed form', () => {
  assert.ok(url('https://example.com/a b').equals(url('https://example.com/a%20b')));
  assert.ok(!url('https://example.com/a').equals(url('https://example.com/b')));
  assert.equal(url('https://u:p@example.com:80/p?q=1#f g').toString(), 'https://u:p@example.com:80/p?q=1#f%20g');
});
