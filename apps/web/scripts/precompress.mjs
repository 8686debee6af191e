// After `vite build`: writes .br and .gz next to every text asset, so the
// server sends them compressed at the highest level without work per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|css|svg|json|txt|xml|map)$/;
let files = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (TEXT.test(entry.name) && fs.statSync(full).size > 1024) {
      const data = fs.readFileSync(full);
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
    }
  }
}

walk(dist);
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), dist) || dist}`);
