// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build folder, so the
// server sends them compressed without compressing on each request (@fastify/static's
// preCompressed, and the site's pages from memory). Run after `astro build` and `vite build`:
//   node scripts/precompress.ts <dist folder>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files below this size are sent as they are: compression would save less than a packet. */
const MIN_BYTES = 1024;
const TEXT = /\.(?:html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;

export function precompress(dir: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TEXT.test(entry.name)) {
        const content = readFileSync(path);
        if (content.length < MIN_BYTES) continue;
        const br = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        files += 1;
        bytes += content.length;
        brotli += br.length;
      }
    }
  };
  walk(dir);
  return { files, bytes, brotli };
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/precompress.ts <dist folder>');
  const { files, bytes, brotli } = precompress(dir);
  console.log(
    `precompress: ${files} files in ${dir}, ${(bytes / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli (+ gzip)`,
  );
}
