// Loaded into the server by the bench (node --import): on SIGUSR2 the server's memory, in MiB,
// as one line in MEMORY_PROBE_FILE. heapUsed: JavaScript (routes, the server-side renderer);
// external: memory outside the JavaScript heap that V8 knows of (on the embedded database mostly
// PGlite's WebAssembly memory, its buffer cache); the rest of rss is code (V8, WebAssembly
// compiled, native modules such as sharp/libvips) and the allocator's own.
import fs from 'node:fs';

process.on('SIGUSR2', () => {
  const usage = process.memoryUsage();
  const mib = (bytes) => Math.round(bytes / 1048576);
  fs.appendFileSync(
    process.env.MEMORY_PROBE_FILE,
    `${JSON.stringify({
      rss: mib(usage.rss),
      heapTotal: mib(usage.heapTotal),
      heapUsed: mib(usage.heapUsed),
      external: mib(usage.external),
      arrayBuffers: mib(usage.arrayBuffers),
    })}\n`,
  );
});
