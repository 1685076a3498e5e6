// Bundles the compiled command (dist/src/cli/main.js and everything it imports) into one ES module,
// dist/src/cli/kubelite.js: the `kubelite` bin and `npm start` run it. Importing ~550 modules one by one (resolve,
// read, compile, link each) was most of the command's start-up. Run after tsc (`npm run build` does both).
//
// Kept out of the bundle: better-sqlite3 (native addon), and the packages only some servers use, loaded on first
// use with import(): etcd3 (--etcd-servers) and @peculiar/x509 (certificate generation, CSR admission).
// Files the code finds next to itself (`new URL('./x', import.meta.url)`: the generated API data, the CEL rules
// worker) are re-pointed from the bundle's directory. esbuild-wasm: no native binary to install.
import { build } from 'esbuild-wasm';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(root, 'dist/src/cli/main.js');
const outfile = resolve(root, 'dist/src/cli/kubelite.js');
const EXTERNAL = ['better-sqlite3', 'etcd3', '@peculiar/x509'];

/** `new URL('<relative>', import.meta.url)` in a module becomes the same file relative to the bundle. */
const rebaseModuleUrls = {
  name: 'rebase-module-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (text.includes('import.meta.url')) {
        text = text.replace(/new URL\((['"])(\.\.?\/[^'"]*)\1, import\.meta\.url\)/g, (_m, q, rel) => {
          const target = fileURLToPath(new URL(rel, pathToFileURL(args.path)));
          let r = relative(dirname(outfile), target).split('\\').join('/') + (rel.endsWith('/') ? '/' : '');
          if (!r.startsWith('.')) r = `./${r}`;
          return `new URL(${q}${r}${q}, import.meta.url)`;
        });
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const started = performance.now();
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // CommonJS dependencies call require() for Node's modules.
  banner: { js: "import { createRequire as __kubeliteCreateRequire } from 'node:module';\nconst require = __kubeliteCreateRequire(import.meta.url);" },
  plugins: [rebaseModuleUrls],
  legalComments: 'eof',
  // Less source to scan at every start (and to keep in memory for lazy compilation); names stay as written.
  minifyWhitespace: true,
  logLevel: 'warning',
});
console.log(`bundled ${relative(root, outfile)} in ${Math.round(performance.now() - started)} ms`);
