// Repoints every reference to the product decisions that lived outside the repo
// (`../shared/PRODUCT.md`, `PRODUCT.md "Money"`, `PRODUCT.md, manual lines` …) to the repo's own
// pages in docs/product/ (issue 34, "The repo stands on its own").
//
//   node scripts/repoint-product-refs.mjs --dry-run   prints each change (old and new line), writes nothing
//   node scripts/repoint-product-refs.mjs             rewrites the tracked files in place
//   … --root DIR                                       works on another checkout (default: the cwd)
//
// A reference with a section ("Money") is mapped by the section; one without is mapped by the
// words around it (the rules below). Whatever it cannot map, and any `../shared/` left, is
// printed as "not mapped" and left alone; the exit code is 1 then.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The sections of the former PRODUCT.md and the page that holds their rules now. */
/** @type {[RegExp, string][]} */
export const SECTION_TO_FILE = [
  [/^brand and contact data/i, 'brand-and-settings.md'],
  [/^defects\b/i, 'brand-and-settings.md'],
  [/^accounts and sessions/i, 'accounts-and-sessions.md'],
  [/^vendor lifecycle/i, 'vendor-lifecycle.md'],
  [/^rental( operations)?/i, 'rental.md'],
  [/^money/i, 'money.md'],
  [/^inventory/i, 'inventory.md'],
  [/^admin area/i, 'admin.md'],
  [/^contest/i, 'contest.md'],
  [/^prices/i, 'prices.md'],
  [/^privacy/i, 'privacy-and-law.md'],
];

/**
 * A reference without a section: the first rule whose words occur on the reference's line wins;
 * when none does, the same rules over the lines around it (two before, one after).
 */
/** @type {[RegExp, string][]} */
export const CONTEXT_RULES = [
  [/sessions? last|\bsessions?\b/i, 'accounts-and-sessions.md'],
  [/reveals?\b|field error/i, 'accounts-and-sessions.md'],
  [/'Anmelden'|\/pricing|vendor login/, 'brand-and-settings.md'],
  [/Vor-registriert|Gekündigt/, 'vendor-lifecycle.md'],
  [/rate times the \*rent\*|`provision`/, 'prices.md'],
  [/cookie|Instagram|map tiles/i, 'privacy-and-law.md'],
  [/deposit|Pfand/i, 'money.md'],
  [/manual lines?/i, 'money.md'],
  [/audit|Protokoll/i, 'admin.md'],
  [/free trial|free month|Probemonat|\btrial\b/i, 'rental.md'],
  [
    /pre-?registration|registers?\b|registration|Vor-registriert|Gekündigt|without a package/i,
    'vendor-lifecycle.md',
  ],
  [/phone number|first values/i, 'brand-and-settings.md'],
  [/\bopening\b|openingDate|counts as open/i, 'brand-and-settings.md'],
  [
    /commission|settle|settlement|payout|rounded|offset|open amount|15th|binding|sales?\b/i,
    'money.md',
  ],
];

const PAGES = 'docs/product';
/** Files that name PRODUCT.md on purpose: this script and its test. */
const SKIP = [
  /^scripts\/repoint-product-refs\.mjs$/,
  /^scripts\/docs-self-contained\.test\.ts(\.pending)?$/,
];

// `../shared/PRODUCT.md` or `PRODUCT.md`, then optionally one or more quoted sections
// ("Money", "Vendor lifecycle" / "Rental operations"), which may run over a comment's line break.
const BREAK = String.raw`(?:\s*\n\s*(?:\*|\/\/|#)?\s*|\s+)`;
const SECTION = String.raw`"([^"\n]*(?:\n\s*(?:\*|\/\/|#)?\s*[^"\n]*)?)"`;
const REF = new RegExp(
  String.raw`(?:\.\.\/shared\/)?PRODUCT\.md(,?${BREAK}${SECTION}(?:\s*\/\s*${SECTION})?)?`,
  'g',
);

function pageFor(section) {
  const name = section
    .replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return SECTION_TO_FILE.find(([pattern]) => pattern.test(name))?.[1];
}

function pageByContext(lines, lineIndex) {
  const line = lines[lineIndex].replace(REF, ' ');
  const window = lines
    .slice(Math.max(0, lineIndex - 2), lineIndex + 2)
    .join(' ')
    .replace(REF, ' ');
  for (const text of [line, window]) {
    const hit = CONTEXT_RULES.find(([pattern]) => pattern.test(text));
    if (hit) return hit[1];
  }
  return undefined;
}

const WIDTH = 100;

/**
 * A comment or Markdown line the new path made longer than the width, broken at a space and
 * continued with the line's own prefix (`// `, ` * `, a list item's indent); any other line (code,
 * a string) is left as it is.
 */
export function wrapLine(line, markdown) {
  if (line.length <= WIDTH) return [line];
  const indent = /^\s*/.exec(line)[0];
  const rest = line.slice(indent.length);
  let prefix;
  if (rest.startsWith('//')) prefix = `${indent}// `;
  else if (rest.startsWith('/**') || rest.startsWith('*'))
    prefix = `${indent}${rest.startsWith('/**') ? ' ' : ''}* `;
  else if (markdown) prefix = /^[-*] |^\d+\. /.test(rest) ? `${indent}  ` : indent;
  else return [line];
  const at = line.lastIndexOf(' ', WIDTH);
  if (at <= prefix.length) return [line];
  return [line.slice(0, at), ...wrapLine(prefix + line.slice(at + 1), markdown)];
}

/**
 * The rewritten text of one file, with each change (its line before and after, and the old
 * lines it spanned: a section that ran over a line break joins the two lines) and what could
 * not be mapped.
 */
export function repoint(text, file) {
  const changes = [];
  const unmapped = [];
  const lines = text.split('\n');
  const lineOf = (offset) => text.slice(0, offset).split('\n').length - 1;
  let joined = 0; // line breaks removed so far: old line n is new line n - joined
  const out = text.replace(REF, (match, sectionPart, first, second, offset) => {
    const lineIndex = lineOf(offset);
    const breaks = match.split('\n').length - 1;
    let replacement;
    if (first !== undefined) {
      const pages = [pageFor(first), second === undefined ? null : pageFor(second)];
      if (pages[0] === undefined || pages[1] === undefined) {
        unmapped.push({ file, line: lineIndex + 1, text: lines[lineIndex].trim() });
        return match;
      }
      replacement = pages
        .filter(Boolean)
        .map((page) => `${PAGES}/${page}`)
        .join(' and ');
    } else {
      // the old file's path without a section: the pages' index
      const page = match.startsWith('../shared/') ? 'README.md' : pageByContext(lines, lineIndex);
      if (!page) {
        unmapped.push({ file, line: lineIndex + 1, text: lines[lineIndex].trim() });
        return match;
      }
      replacement = `${PAGES}/${page}`;
    }
    changes.push({
      file,
      line: lineIndex + 1,
      newLine: lineIndex + 1 - joined,
      before: lines.slice(lineIndex, lineIndex + breaks + 1),
      from: match.replace(/\s+/g, ' '),
      to: replacement,
    });
    joined += breaks;
    return replacement;
  });
  const markdown = file.endsWith('.md');
  const touched = new Set(changes.map((change) => change.newLine - 1));
  const wrapped = [];
  out.split('\n').forEach((line, index) => {
    const parts = touched.has(index) ? wrapLine(line, markdown) : [line];
    for (const change of changes) if (change.newLine - 1 === index) change.after = parts;
    wrapped.push(...parts);
  });
  return { text: wrapped.join('\n'), changes, unmapped };
}

function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const rootAt = args.indexOf('--root');
  const root = path.resolve(rootAt >= 0 ? args[rootAt + 1] : '.');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !SKIP.some((pattern) => pattern.test(file)));
  let changed = 0;
  const unmapped = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full) || fs.statSync(full).isDirectory()) continue;
    const text = fs.readFileSync(full, 'utf8');
    if (!text.includes('PRODUCT.md') && !text.includes('../shared/')) continue;
    const result = repoint(text, file);
    unmapped.push(...result.unmapped);
    const printed = new Set();
    for (const change of result.changes) {
      changed += 1;
      console.log(`${file}:${change.line}: ${change.from}  →  ${change.to}`);
      if (dryRun && !printed.has(change.newLine)) {
        printed.add(change.newLine);
        for (const line of change.before) console.log(`  - ${line}`);
        for (const line of change.after) console.log(`  + ${line}`);
      }
      const long = change.after.find((line) => line.length > WIDTH);
      if (long)
        console.log(`  note: a line is now ${long.length} characters long (code, not wrapped)`);
    }
    if (!dryRun && result.changes.length > 0) fs.writeFileSync(full, result.text);
    result.text.split('\n').forEach((line, index) => {
      if (line.includes('../shared/')) unmapped.push({ file, line: index + 1, text: line.trim() });
    });
  }
  console.log(
    `\n${changed} reference(s) ${dryRun ? 'would be repointed' : 'repointed'}; ` +
      `${unmapped.length} not mapped.`,
  );
  for (const item of unmapped) console.log(`not mapped: ${item.file}:${item.line}: ${item.text}`);
  process.exitCode = unmapped.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
