// Refuses import cycles between the server's modules (docs/decisions/0013): reads every
// file under apps/server/src/modules/<name>/, notes which other modules it imports
// (../<other>/…), and fails with the cycle when the modules' graph has one.
// Part of `npm run lint`; ESLint's no-restricted-imports keeps imports to public.ts.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+['"](\.\.\/[^'"]+)['"]/g;

function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** module → modules it imports, with one importing file each (for the message). */
const graph = new Map();
for (const module of fs.readdirSync(root).sort()) {
  if (!fs.statSync(path.join(root, module)).isDirectory()) continue;
  const edges = new Map();
  for (const file of filesOf(path.join(root, module))) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(root, path.resolve(path.dirname(file), specifier));
      const other = target.split(path.sep)[0];
      if (target.startsWith('..') || other === module || edges.has(other)) continue;
      edges.set(other, path.relative(path.join(root, '..'), file));
    }
  }
  graph.set(module, edges);
}

const cycles = [];
const state = new Map(); // 1: on the current path, 2: done
const trail = [];
function visit(module) {
  state.set(module, 1);
  trail.push(module);
  for (const next of graph.get(module)?.keys() ?? []) {
    if (state.get(next) === 1) cycles.push([...trail.slice(trail.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  trail.pop();
  state.set(module, 2);
}
for (const module of graph.keys()) if (!state.has(module)) visit(module);

if (cycles.length > 0) {
  console.error('Import cycle between server modules (docs/decisions/0013):');
  for (const cycle of cycles) {
    console.error(`  ${cycle.join(' → ')}`);
    for (let i = 0; i < cycle.length - 1; i++) {
      console.error(`    ${cycle[i]} → ${cycle[i + 1]}: ${graph.get(cycle[i]).get(cycle[i + 1])}`);
    }
  }
  process.exit(1);
}
console.log(`server modules: no import cycle (${graph.size} modules)`);
