// `npm start`: build the PWA once if there is no build, then run the server (migrate, seed, listen).
// With PWA_DIR set the server serves that directory as it is (a copied or older build), so nothing is built.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The server renderer (dist/ssr) is part of the same build; an older build without it is built again.
if (!process.env.PWA_DIR && !(existsSync(path.join(root, 'dist/pwa/index.html')) && existsSync(path.join(root, 'dist/ssr/entry-server.js')))) {
  console.info('No PWA build found: building it first (vite build)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../server/main');
