// Reads and writes the kifu benchmarks' inputs with tsshogi (ShogiHome's
// library), for a side-by-side run with `go test -bench`:
//
//	KIFU_BENCH_DUMP=/tmp/kb go test ./kifu -run TestDumpBenchInputs
//	node kifu/testdata/bench/tsshogi.mjs /tmp/kb [ORACLE_DIR]
//
// ORACLE_DIR (default ../shared/oracle) holds tsshogi in node_modules
// (its setup.sh installs it). Each line gives the time per operation and
// moves per second; Shift_JIS files are decoded in the timed loop, as the
// Go readers decode theirs.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, oracle = '../shared/oracle'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node tsshogi.mjs DUMP_DIR [ORACLE_DIR]');
  process.exit(1);
}
const ts = await import(pathToFileURL(path.resolve(oracle, 'node_modules/tsshogi/dist/esm/index.mjs')).href);
const sjis = new TextDecoder('shift_jis');
const utf8 = new TextDecoder('utf-8');

function bench(name, fn, moves) {
  // Warm up the JIT: 50 runs, or half a second for a slow case.
  const warm = process.hrtime.bigint();
  for (let i = 0; i < 50 && process.hrtime.bigint() - warm < 500_000_000n; i++) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 2_000_000_000n) {
    fn();
    n++;
    elapsed = process.hrtime.bigint() - start;
  }
  const ns = Number(elapsed) / n;
  let line = `${name}\t${n}\t${ns.toFixed(0)} ns/op`;
  if (moves) line += `\t${((moves * 1e9) / ns).toFixed(0)} moves/s`;
  console.log(line);
}

function mainMoves(r) {
  return r.moves.filter((n) => n.move instanceof ts.Move).length;
}

function read(file, importer, decoder) {
  const bytes = fs.readFileSync(path.join(dir, file));
  const r = importer(decoder.decode(bytes));
  if (r instanceof Error) throw r;
  const moves = mainMoves(r);
  bench(`tsshogi read ${file}`, () => {
    const x = importer(decoder.decode(bytes));
    if (x instanceof Error) throw x;
  }, moves);
}

read('long.kif', ts.importKIF, sjis);
read('long.kifu', ts.importKIF, utf8);
read('long.ki2', ts.importKI2, sjis);
read('long.csa', ts.importCSA, utf8);

const many = fs.readFileSync(path.join(dir, 'games1000.csa'));
let total = 0;
for (const g of utf8.decode(many).split(/\n\/\n/)) total += mainMoves(ts.importCSA(g));
bench('tsshogi read games1000.csa (split at /)', () => {
  for (const g of utf8.decode(many).split(/\n\/\n/)) {
    const x = ts.importCSA(g);
    if (x instanceof Error) throw x;
  }
}, total);

const rec = ts.importKIF(sjis.decode(fs.readFileSync(path.join(dir, 'write300.kif'))));
bench('tsshogi write write300.kif (exportKIF)', () => ts.exportKIF(rec), mainMoves(rec));
