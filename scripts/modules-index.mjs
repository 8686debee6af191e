// docs/modules.md: one line per server module and web feature, read from the code: what it is
// (its own doc comment), what it owns (tables, routes, pages) and whom it calls. Checked by
// scripts/modules-index.test.ts like the route index; `npm run modules` writes it anew.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
const FEATURES = path.join(ROOT, 'apps/web/src/features');
export const MODULES_DOC = path.join(ROOT, 'docs/modules.md');

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(dir, file));
}

/** The text of the doc comment right before `marker` in `text`, on one line. */
function docBefore(text, marker) {
  const at = text.search(marker);
  if (at < 0) return '';
  const before = text.slice(0, at).trimEnd();
  if (!before.endsWith('*/')) return '';
  const start = before.lastIndexOf('/**');
  if (start < 0) return '';
  return before
    .slice(start + 3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The `//` comment lines a file starts with, on one line. */
function leadingComment(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, '').trim());
  }
  return lines.join(' ');
}

const cell = (text) => text.replace(/\|/g, '\\|');

/** Routes per module, from the route index (docs/routes.md, itself checked against the server). */
function routesByModule() {
  const counts = new Map();
  const routes = fs.readFileSync(path.join(ROOT, 'docs/routes.md'), 'utf8');
  for (const line of routes.split('\n')) {
    const match = /^\| [A-Z]+ \| `[^`]+` \| [^|]+ \| ([\w-]+) \|/.exec(line);
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return counts;
}

function serverModules() {
  const names = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const routes = routesByModule();
  return names.map((name) => {
    const dir = path.join(MODULES, name);
    const files = sourceFiles(dir);
    const index = path.join(dir, 'index.ts');
    const publicFile = path.join(dir, 'public.ts');
    const about =
      (fs.existsSync(index)
        ? docBefore(fs.readFileSync(index, 'utf8'), /\nexport (async function|const) \w+Module\b/)
        : '') ||
      (fs.existsSync(publicFile) ? leadingComment(fs.readFileSync(publicFile, 'utf8')) : '');
    const tables = new Set();
    const calls = new Set();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) tables.add(match[1]);
      for (const match of text.matchAll(
        /from '(?:\.\.\/)+(?:modules\/)?([\w-]+)(?:\/[\w.-]+)?'/g,
      )) {
        if (match[1] !== name && names.includes(match[1])) calls.add(match[1]);
      }
    }
    return {
      name,
      about,
      tables: [...tables].sort(),
      routes: routes.get(name) ?? 0,
      calls: [...calls].sort(),
    };
  });
}

/** Every `page('area/feature/file', …)` of the route files with its full path. */
function pagePaths() {
  const byFile = new Map();
  for (const file of ['routes.tsx', 'admin-routes.tsx']) {
    const text = fs
      .readFileSync(path.join(ROOT, 'apps/web/src/app', file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const frames = [];
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char === '{') frames.push({ path: null });
      else if (char === '}') frames.pop();
      else if (text.startsWith('path:', i)) {
        const match = /^path:\s*'([^']*)'/.exec(text.slice(i));
        if (match && frames.length) frames[frames.length - 1].path = match[1];
      } else if (text.startsWith('page(', i)) {
        const match = /^page\(\s*'([^']+)'/.exec(text.slice(i));
        if (!match) continue;
        const parts = frames.map((frame) => frame.path).filter((p) => p !== null && p !== '*');
        const full = `/${parts
          .map((p) => p.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        const list = byFile.get(match[1]) ?? [];
        list.push(full);
        byFile.set(match[1], list);
      }
    }
  }
  return byFile;
}

const WEB_SRC = path.join(ROOT, 'apps/web/src');

/** The files under src/lib/vendor-area or src/components/vendor-area that `file` imports, and theirs. */
function sharedImports(file, text, found = new Set()) {
  for (const match of text.matchAll(/from '(\.[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), match[1]);
    const rel = path.relative(WEB_SRC, base);
    if (!/^(lib|components)\/vendor-area\//.test(rel)) continue;
    for (const ext of ['.ts', '.tsx']) {
      const shared = base + ext;
      if (!fs.existsSync(shared) || found.has(shared)) continue;
      found.add(shared);
      sharedImports(shared, fs.readFileSync(shared, 'utf8'), found);
    }
  }
  return [...found];
}

function webFeatures() {
  const pages = pagePaths();
  const rows = [];
  for (const area of fs.readdirSync(FEATURES).sort()) {
    const areaDir = path.join(FEATURES, area);
    if (!fs.statSync(areaDir).isDirectory()) continue;
    for (const feature of fs.readdirSync(areaDir).sort()) {
      const dir = path.join(areaDir, feature);
      if (!fs.statSync(dir).isDirectory()) continue;
      const files = sourceFiles(dir);
      const paths = new Set();
      // the feature's own page first (profile/profile-page.tsx), else its pages in order
      const main =
        [`${feature}-page.tsx`, 'dashboard-page.tsx']
          .map((name) => files.findIndex((file) => path.basename(file) === name))
          .find((at) => at >= 0) ?? -1;
      if (main > 0) files.unshift(...files.splice(main, 1));
      let about = '';
      const calls = new Set();
      for (const file of files) {
        const rel = path.relative(FEATURES, file).replace(/\.tsx?$/, '');
        for (const p of pages.get(rel) ?? []) paths.add(p);
        const own = fs.readFileSync(file, 'utf8');
        if (!about && /-page\.tsx$/.test(file)) {
          about = docBefore(own, /\nexport function \w+Page\b/);
        }
        // the calls of the shared hooks it uses (lib/, components/) count as its own
        const text = [own, ...sharedImports(file, own).map((f) => fs.readFileSync(f, 'utf8'))].join(
          '\n',
        );
        for (const match of text.matchAll(
          /(?:apiRequest|adminRequest)(?:<[^>]*>)?\(\s*[`']\/([\w-]+)(?:\/([\w-]+))?/g,
        )) {
          calls.add(
            match[2] && !match[2].startsWith('$')
              ? `/api/${match[1]}/${match[2]}`
              : `/api/${match[1]}`,
          );
        }
      }
      if (/^home$/.test(feature) && paths.size === 0) paths.add('/');
      rows.push({
        name: `${area}/${feature}`,
        about,
        paths: [...paths].sort(),
        calls: [...calls].sort(),
      });
    }
  }
  return rows;
}

export function renderModulesDoc() {
  const server = serverModules()
    .map(
      (m) =>
        `| \`${m.name}\` | ${cell(m.about)} | ${m.tables.map((t) => `\`${t}\``).join(', ') || '–'} | ${m.routes || '–'} | ${m.calls.join(', ') || '–'} |`,
    )
    .join('\n');
  const web = webFeatures()
    .map(
      (f) =>
        `| \`${f.name}\` | ${cell(f.about)} | ${f.paths.map((p) => `\`${p}\``).join(', ') || '–'} | ${f.calls.map((c) => `\`${c}\``).join(', ') || '–'} |`,
    )
    .join('\n');
  return `# Modules and features

Where things live, read from the code by \`scripts/modules-index.mjs\`; \`scripts/modules-index.test.ts\`
fails when this page is out of date, \`npm run modules\` writes it anew. The rules behind the
layout: docs/decisions/0057 (server modules, web features). Every route with its access and file:
[routes.md](routes.md).

## Server modules (\`apps/server/src/modules/<name>\`)

A module owns its tables (only it writes them), its routes and its mails; others read it through
its \`public.ts\`. "Calls": the modules whose code it imports.

| module | what it is | tables | routes | calls |
|---|---|---|---:|---|
${server}

## Web features (\`apps/web/src/features/<area>/<name>\`)

One folder per page or group of pages, in three areas: \`public\` (the site and the producer's
sign-in), \`vendor\` (the producer's area), \`admin\` (the owner's). "Calls": the API paths its
requests start with.

| feature | what it is | pages | calls |
|---|---|---|---|
${web}
`;
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(MODULES_DOC, renderModulesDoc());
  console.log(`wrote ${path.relative(ROOT, MODULES_DOC)}`);
}
