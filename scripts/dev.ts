// `npm run dev`: the API server in watch mode and Vite's dev server (proxying /api and /objects to it).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const children = [
  // Vite's proxy passes the browser's Host (localhost:5173) on: the API server must accept it.
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS ?? 'localhost:5173,127.0.0.1:5173' },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: process.env.PORT ?? '3000' } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
