// The CEL engine (src/cel) next to @bufbuild/cel on the same rules and data: bench/cel.ts run as it is, in its
// own process, its rows folded into ours. Lower is better (ns per operation).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunContext } from '../context.js';

export async function celScenario(ctx: RunContext): Promise<void> {
  const script = fileURLToPath(new URL('../cel.js', import.meta.url));
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [script, `--rounds=${ctx.opts.quick ? 1 : 3}`], { timeout: 120_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`bench/cel.ts failed: ${stderr || err.message}`)) : resolve(stdout),
    ),
  );
  const rows = JSON.parse(out.trim().split('\n').pop()!) as { metric: string; unit: string; kubelite: number; baseline: number }[];
  for (const r of rows) {
    ctx.add({
      scenario: 'CEL engine (in-process, bench/cel.ts)',
      metric: r.metric,
      unit: r.unit,
      better: 'lower',
      kubelite: r.kubelite,
      baseline: r.baseline,
      baselineIs: '@bufbuild/cel 0.6 on the same expressions and data (no type checker, no cost tracking)',
    });
  }
}
