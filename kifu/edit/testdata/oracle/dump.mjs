#!/usr/bin/env node
// dump.mjs ORACLE_DIR FILE... — how ShogiHome's library (tsshogi, from
// ../shared/oracle: run its setup.sh first) reads each record file,
// written beside it as FILE.tsshogi. A development tool: the tests read
// the .tsshogi files and never run this.
//
// The reading, one item a line:
//   sfen <start position>
//   header <key>\t<value>        tsshogi's standard keys by name (blackName …), then custom keys as written
//   node <index> <parent> <move> \t<elapsed ms>\t<bookmark>\t<comment as JSON>
// where <move> is a USI move or special:<tsshogi type> (any:<name> for an unknown word);
// nodes in depth-first order, main lines first; the root is node 0 with parent -1 and move "-".
import fs from 'node:fs';
import path from 'node:path';

const [oracle, ...files] = process.argv.slice(2);
const ts = await import(path.resolve(oracle, 'node_modules/tsshogi/dist/esm/index.mjs'));

function read(file) {
  const text = fs.readFileSync(file, 'utf8');
  switch (path.extname(file)) {
    case '.kifu': return ts.importKIF(text);
    case '.ki2u': return ts.importKI2(text);
    case '.csa': return ts.importCSA(text);
    case '.jkf': return ts.importJKFString(text);
    case '.usi': return ts.Record.newByUSI(text.trim());
  }
  throw new Error('unknown extension ' + file);
}

for (const file of files) {
  const rec = read(file);
  if (rec instanceof Error) {
    fs.writeFileSync(file + '.tsshogi', 'error ' + rec.message + '\n');
    continue;
  }
  const out = ['sfen ' + rec.initialPosition.sfen];
  for (const k of rec.metadata.standardMetadataKeys) out.push('header ' + k + '\t' + rec.metadata.getStandardMetadata(k));
  for (const k of rec.metadata.customMetadataKeys) out.push('header ' + k + '\t' + rec.metadata.getCustomMetadata(k));
  let index = 0;
  const visit = (node, parent) => {
    const me = index++;
    let move = '-';
    if (node.ply > 0) {
      if (node.move instanceof ts.Move) move = node.move.usi;
      else move = node.move.type === 'any' ? 'any:' + node.move.name : 'special:' + node.move.type;
    }
    out.push(`node ${me} ${parent} ${move}\t${node.elapsedMs}\t${node.bookmark}\t${JSON.stringify(node.comment)}`);
    for (let c = node.next; c; c = c.branch) visit(c, me);
  };
  visit(rec.first, -1);
  fs.writeFileSync(file + '.tsshogi', out.join('\n') + '\n');
}
