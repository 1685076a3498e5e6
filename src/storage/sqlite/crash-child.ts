// Child process for crash.test.ts: writes under load to a SQLite store until it is killed, printing one line per
// acknowledged write (after its promise resolved):
//   A <key> <rev>      create of a unique key       D <key> <rev>   delete of one of those keys
//   C <count> <rev>    CAS increment of /crash/counter to <count>
//   d <key>            a delete of <key> is about to be issued (it may commit without being acknowledged)
// Every line ends with " ." so the parent can tell a whole line from one torn by the kill.
// Usage: crash-child <db path> <run tag>
import { openSqliteStorage } from './sqlite-storage.js';

const [path, tag] = process.argv.slice(2);
if (!path || !tag) {
  process.stderr.write('usage: crash-child <db path> <run tag>\n');
  process.exit(2);
}

const storage = await openSqliteStorage({ path });
const filler = 'x'.repeat(400);
let out: string[] = [];
// stdout to a pipe is synchronous on Linux, so a flushed line is in the pipe before any kill can land.
function ack(line: string): void {
  if (out.length === 0) queueMicrotask(() => {
    process.stdout.write(out.join(''));
    out = [];
  });
  out.push(line + ' .\n');
}

async function creator(loop: number): Promise<void> {
  const mine: string[] = [];
  for (let n = 0; ; n++) {
    const key = `/crash/${tag}/${loop}/${n}`;
    const r = await storage.put(key, Buffer.from(`${key}|${filler}`), 0);
    if (!r.ok) throw new Error(`create ${key} failed`);
    ack(`A ${key} ${r.kv.modRev}`);
    mine.push(key);
    if (n % 5 === 4) {
      const victim = mine.splice(Math.floor(mine.length / 2), 1)[0]!;
      ack(`d ${victim}`);
      const d = await storage.delete(victim, 0);
      if (!d.ok) throw new Error(`delete ${victim} failed`);
      ack(`D ${victim} ${d.rev}`);
    }
  }
}

async function counter(): Promise<void> {
  let cur = (await storage.get('/crash/counter')).kv;
  for (;;) {
    const next = cur ? Number(Buffer.from(cur.value).toString()) + 1 : 1;
    const r = await storage.put('/crash/counter', Buffer.from(String(next)), cur?.modRev ?? 0);
    if (r.ok) {
      ack(`C ${next} ${r.kv.modRev}`);
      cur = r.kv;
    } else cur = r.current;
  }
}

process.stdout.write(`ready ${await storage.currentRevision()}\n`);
const loops = [counter(), counter(), ...Array.from({ length: 24 }, (_, i) => creator(i))];
await Promise.all(loops).catch((err: unknown) => {
  process.stderr.write(`crash-child: ${String(err)}\n`);
  process.exit(1);
});
