// One layer down: bench/storage.ts (the SQLite engine next to raw better-sqlite3 doing the same SQL with the same
// durability and batching, in-process, no HTTP), run as it is and its table folded into ours.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunContext } from '../context.js';

const CELL = /^([\d,.]+) (\S+)$/;

export async function storageEngineScenario(ctx: RunContext): Promise<void> {
  const script = fileURLToPath(new URL('../storage.js', import.meta.url));
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [script, `--rounds=${ctx.opts.quick ? 1 : 3}`], { timeout: 120_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`bench/storage.ts failed: ${stderr || err.message}`)) : resolve(stdout),
    ),
  );
  for (const line of out.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 4) continue;
    const engine = CELL.exec(cells[1]!);
    const raw = CELL.exec(cells[2]!);
    if (!engine || !raw || engine[2] !== raw[2]) continue;
    const unit = engine[2]!;
    ctx.add({
      scenario: 'storage engine (in-process, bench/storage.ts)',
      metric: cells[0]!,
      unit,
      better: unit === 'ms' ? 'lower' : 'higher',
      kubelite: Number(engine[1]!.replace(/,/g, '')),
      baseline: Number(raw[1]!.replace(/,/g, '')),
      baselineIs: 'raw better-sqlite3: the same SQL, durability (FULL) and batching',
    });
  }
}
