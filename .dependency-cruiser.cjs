// The import rules of pwa/, server/ and contracts/ (`npm run lint:layers`, also run by `npm test`).
// A layer in the lists below imports its own and earlier layers, never a later one. Type-only imports (`import type`,
// `import('…').T`) are seen (tsPreCompilationDeps) but exempt: they leave nothing behind at run time.
// Tests and their helpers may import anything; production code never imports them.

const TYPES_ONLY = ['type-only', 'type-import'];

/**
 * Suites, e2e specs and the helpers they share: the server's are all in server/test/ (harness,
 * factories, agents, test servers), the browser specs' in pwa/e2e/support/, the client's unit-test
 * kits are `*.testkit.ts`.
 */
const TEST = ['\\.(?:test|spec)\\.tsx?$', '^pwa/.+\\.testkit\\.ts$', '^server/test/', '^pwa/e2e/support/'];

/** The client: components and lib < api < session < offline < outbox < features < the app itself. */
const CLIENT_LAYERS = [
  { name: 'components and lib', path: '^pwa/(?:components|lib)/' },
  { name: 'api', path: '^pwa/api/' },
  { name: 'session', path: '^pwa/session/' },
  { name: 'offline', path: '^pwa/offline/' },
  { name: 'outbox', path: '^pwa/outbox/' },
  { name: 'features', path: '^pwa/features/' },
  { name: 'app', path: ['^pwa/(?:router|App|main|entry-server)\\.tsx$', '^pwa/(?:ssr-state|queryClient)\\.ts$', '^pwa/sw/'] },
];

/**
 * The names the page and the service worker share (cache names, the background sync's tag and
 * message): the one part of pwa/sw/ any layer may import. They import nothing (rule below), so no
 * worker code reaches the page through them.
 */
const SHARED_WITH_WORKER = '^pwa/sw/(?:cacheNames|periodicSync)\\.ts$';

/** What the worker runs besides its own folder: the reading list's download (worker-safe, no DOM). */
const WORKER_IMPORTS = ['^pwa/sw/', '^pwa/features/library/readingListDownload\\.ts$'];

/**
 * The server: paths, errors and config < the database, storage and images < mail (its queue is a
 * table) < middleware and the request helpers (static files, the site's origin) < the resources
 * (api/<resource>/ with the helpers they share, feeds, pages, search; they may use one another) <
 * the API's router list < the app, its first-start bootstrap and backups < main.
 */
const SERVER_LAYERS = [
  { name: 'paths, errors and config', path: '^server/(?:paths|errors|config|seeded-random)\\.ts$' },
  { name: 'db, storage and images', path: '^server/(?:db|storage|images)/' },
  { name: 'mail', path: '^server/mail/' },
  { name: 'middleware', path: ['^server/middleware/', '^server/(?:static|site)\\.ts$'] },
  { name: 'resources', path: ['^server/api/[^/]+/', '^server/api/(?:cursor|client-ids)\\.ts$', '^server/(?:feeds|pages|search)/'] },
  { name: 'API routers', path: '^server/api/routes\\.ts$' },
  { name: 'app', path: '^server/(?:app|bootstrap|backup)\\.ts$' },
  { name: 'main', path: '^server/main\\.ts$' },
];

const paths = (layers) => layers.flatMap((layer) => layer.path);
const slug = (name) => name.replace(/[^a-z]+/gi, '-').toLowerCase();

/** One rule per layer: nothing in it imports a later layer. */
function layerRules(side, layers, exceptions = []) {
  return layers.slice(0, -1).map((layer, i) => ({
    name: `${side}-${slug(layer.name)}-imports-no-higher-layer`,
    comment: `${side}: ${layer.name} imports nothing from ${layers.slice(i + 1).map((l) => l.name).join(', ')}.`,
    severity: 'error',
    from: { path: layer.path, pathNot: TEST },
    to: { path: paths(layers.slice(i + 1)), pathNot: exceptions, dependencyTypesNot: TYPES_ONLY },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle in pwa/ or server/ (circles through a type-only import are fine).',
      severity: 'error',
      from: { path: '^(?:pwa|server|contracts)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: TYPES_ONLY } },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'Tests and their helpers (harness, factories, fixtures, test servers) stay out of the shipped code.',
      severity: 'error',
      from: { path: '^(?:pwa|server|contracts)/', pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: 'production-imports-no-vitest',
      comment: 'A module that needs vitest is a test helper: it belongs in server/test/ (or is a pwa testkit).',
      severity: 'error',
      from: { path: '^(?:pwa|server|contracts)/', pathNot: TEST },
      to: { path: '(?:^|/)node_modules/vitest/' },
    },
    {
      name: 'contracts-import-only-contracts-and-zod',
      comment: 'contracts/ is shared by both sides: zod and its own modules only, never pwa/ or server/.',
      severity: 'error',
      from: { path: '^contracts/', pathNot: TEST },
      to: { pathNot: ['^contracts/', '(?:^|/)node_modules/zod/'] },
    },
    {
      name: 'pwa-imports-no-server',
      comment: 'The client talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^pwa/', pathNot: TEST },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-no-pwa',
      comment: 'The server loads the built renderer (dist/ssr) at run time, never pwa/ sources.',
      severity: 'error',
      from: { path: '^server/', pathNot: TEST },
      to: { path: '^pwa/' },
    },
    ...layerRules('client', CLIENT_LAYERS, [SHARED_WITH_WORKER]),
    {
      name: 'client-worker-imports-only-its-download',
      comment: 'pwa/sw/ runs in the service worker: its own modules, the reading list download and contracts.',
      severity: 'error',
      from: { path: '^pwa/sw/' },
      to: { path: '^pwa/', pathNot: WORKER_IMPORTS, dependencyTypesNot: TYPES_ONLY },
    },
    {
      name: 'client-worker-shared-names-import-nothing',
      comment: 'The names the page takes from pwa/sw/ stay leaves, so no worker code reaches the page.',
      severity: 'error',
      from: { path: SHARED_WITH_WORKER },
      to: { path: '^(?:pwa|server|contracts)/' },
    },
    ...layerRules('server', SERVER_LAYERS),
    {
      name: 'server-repos-import-only-repos',
      comment: 'In a resource, repo < presenter and policy < routes (with their handlers and services): a repo shapes nothing for HTTP.',
      severity: 'error',
      from: { path: '^server/.+/repo\\.ts$' },
      to: { path: '^server/.+/(?:presenter|policy|routes|handlers|service)\\.ts$', dependencyTypesNot: TYPES_ONLY },
    },
    {
      name: 'server-presenters-and-policies-import-no-routes',
      comment: 'In a resource, presenters and policies sit below the routes, their handlers and services.',
      severity: 'error',
      from: { path: '^server/.+/(?:presenter|policy)\\.ts$' },
      to: { path: '^server/.+/(?:routes|handlers|service)\\.ts$', dependencyTypesNot: TYPES_ONLY },
    },
    {
      name: 'server-repos-decide-no-http-or-policy',
      comment: 'A repo returns data and result values; routes map them to HTTP errors and ask the policy.',
      severity: 'error',
      from: { path: '^server/.+/repo\\.ts$' },
      to: { path: ['^server/errors\\.ts$', '/policy\\.ts$', '^server/middleware/auth\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
