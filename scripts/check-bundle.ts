// The JS budget for `/`: what a first visit to the home page downloads must stay under
// BUNDLE_BUDGET_KB (default 147) KB gzipped, in at most BUNDLE_MAX_CHUNKS (default 6) files (each
// file is a request with its own headers: thirty small chunks cost a phone more than one).
// Reads Vite's build manifest, follows the entry's static imports plus the home route's lazy chunk
// (and its static imports), gzips each file, prints a table and exits 1 when over either budget.
// Run after `vite build`; `npm test` runs it as one test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The subset of Vite's `.vite/manifest.json` entries used here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// 147: the route error screen (offline, a screen not yet on the device) is the layout's, so it is in the entry.
export const DEFAULT_BUDGET_KB = 147;
/** The entry, the runtime, the home screen and the cards' shared chunk (vite.config.ts), and one to spare. */
export const DEFAULT_MAX_CHUNKS = 6;
/** Manifest keys are source paths relative to Vite's root (`pwa/`). */
export const HOME_ROUTE_MODULE = 'features/home/HomeScreen.tsx';

export interface ChunkSize {
  file: string;
  /** Why `/` loads it: the entry's static graph or the home route's. */
  via: 'entry' | 'home route';
  bytes: number;
  gzipBytes: number;
}

/** Every chunk `/` loads before its first render completes, each once, with its sizes. */
export function initialChunks(distDir: string, homeModule = HOME_ROUTE_MODULE): ChunkSize[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  if (!manifest[homeModule]) throw new Error(`the manifest has no chunk for ${homeModule}`);

  const seen = new Set<string>();
  const result: ChunkSize[] = [];
  const visit = (key: string, via: ChunkSize['via']) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    const source = readFileSync(path.join(distDir, chunk.file));
    result.push({ file: chunk.file, via, bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length });
    for (const imported of chunk.imports ?? []) visit(imported, via);
  };
  visit(entries[0]![0], 'entry');
  visit(homeModule, 'home route');
  return result;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(chunks: readonly ChunkSize[], budgetKb: number, maxChunks = DEFAULT_MAX_CHUNKS): string {
  const rows = [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const width = Math.max(...rows.map((row) => row.file.length), 'file'.length);
  const line = (file: string, via: string, raw: string, gz: string) =>
    `${file.padEnd(width)}  ${via.padEnd(10)}  ${raw.padStart(9)}  ${gz.padStart(9)}`;
  const total = rows.reduce((sum, row) => sum + row.gzipBytes, 0);
  return [
    line('file', 'via', 'raw KB', 'gzip KB'),
    ...rows.map((row) => line(row.file, row.via, kb(row.bytes), kb(row.gzipBytes))),
    line('total', '', kb(rows.reduce((sum, row) => sum + row.bytes, 0)), kb(total)),
    `Initial JS for /: ${kb(total)} KB gzipped; budget ${budgetKb} KB.`,
    `Files for /: ${rows.length}; at most ${maxChunks}.`,
  ].join('\n');
}

function main(): number {
  const distDir = process.argv[2] ?? path.resolve(import.meta.dirname, '../dist/pwa');
  const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? DEFAULT_BUDGET_KB);
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
    console.error(`BUNDLE_BUDGET_KB must be a positive number, got '${process.env.BUNDLE_BUDGET_KB}'`);
    return 1;
  }
  const maxChunks = Number(process.env.BUNDLE_MAX_CHUNKS ?? DEFAULT_MAX_CHUNKS);
  if (!Number.isInteger(maxChunks) || maxChunks <= 0) {
    console.error(`BUNDLE_MAX_CHUNKS must be a positive whole number, got '${process.env.BUNDLE_MAX_CHUNKS}'`);
    return 1;
  }
  const chunks = initialChunks(distDir);
  console.info(formatTable(chunks, budgetKb, maxChunks));
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  let status = 0;
  if (total > budgetKb * 1024) {
    console.error(`Over budget by ${kb(total - budgetKb * 1024)} KB.`);
    status = 1;
  }
  if (chunks.length > maxChunks) {
    console.error(`${chunks.length - maxChunks} file(s) too many: small shared chunks of the first page belong in one (vite.config.ts, 'cards').`);
    status = 1;
  }
  return status;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) process.exit(main());
