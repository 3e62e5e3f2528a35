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

/** The client: components and lib < api < session < offline < outbox < routing (the roots features hang their routes under) < features < the app itself. */
const CLIENT_LAYERS = [
  { name: 'components and lib', path: '^pwa/(?:components|lib)/' },
  { name: 'api', path: '^pwa/api/' },
  { name: 'session', path: '^pwa/session/' },
  { name: 'offline', path: '^pwa/offline/' },
  { name: 'outbox', path: '^pwa/outbox/' },
  { name: 'routing', path: '^pwa/routing/' },
  { name: 'features', path: '^pwa/features/' },
  { name: 'app', path: ['^pwa/(?:router|App|main|entry-server)\\.tsx$', '^pwa/(?:ssr-state|queryClient)\\.ts$', '^pwa/sw/'] },
];

/**
 * The names the page and the service worker share (cache names, the background sync's tag and
 * message): the one part of pwa/sw/ any layer may import. They import nothing (rule below), so no
 * worker code reaches the page through them.
 */
const SHARED_WITH_WORKER = '^pwa/sw/(?:cacheNames|periodicSync)\\.ts$';

/** A feature's front door: the one module of features/<x>/ that other features and the app import. */
const FRONT_DOOR = '^pwa/features/[^/]+/index\\.ts$';

/** What the worker runs besides its own folder: the reading list's download (worker-safe, no DOM). */
const WORKER_IMPORTS = ['^pwa/sw/', '^pwa/features/library/readingListDownload\\.ts$'];

/**
 * The server: paths, errors and config < the database, storage and images < mail (its queue is a
 * table) < the domain events (catalogue, recordEvent, registry, processing) < middleware and the
 * request helpers (static files, the site's origin) < the resources (api/<resource>/ with the
 * helpers they share, feeds, pages, search; they may use one another for reads) < the API's router
 * list and the subscriber list < the app, its first-start bootstrap and backups < main.
 */
const SERVER_LAYERS = [
  { name: 'paths, errors and config', path: '^server/(?:paths|errors|config|seeded-random)\\.ts$' },
  { name: 'db, storage and images', path: '^server/(?:db|storage|images)/' },
  { name: 'mail', path: '^server/mail/' },
  { name: 'events', path: '^server/events/' },
  { name: 'middleware', path: ['^server/middleware/', '^server/(?:static|site)\\.ts$'] },
  { name: 'resources', path: ['^server/api/[^/]+/', '^server/api/(?:cursor|client-ids)\\.ts$', '^server/(?:feeds|pages|search)/'] },
  { name: 'API routers and subscribers', path: '^server/api/(?:routes|subscribers)\\.ts$' },
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
      name: 'pwa-no-circular-types-included',
      comment: 'No import circle in pwa/, type-only imports counted: a circle a reader must untie is one even when it leaves nothing at run time.',
      severity: 'error',
      from: { path: '^pwa/' },
      to: { path: '^pwa/', circular: true },
    },
    {
      name: 'client-features-meet-through-front-doors',
      comment: 'A feature uses another only through its front door (features/<y>/index.ts); a shared need moves down (features/content, components, lib).',
      severity: 'error',
      from: { path: '^pwa/features/([^/]+)/', pathNot: TEST },
      to: { path: '^pwa/features/', pathNot: ['^pwa/features/$1/', FRONT_DOOR] },
    },
    {
      name: 'client-app-meets-features-through-front-doors',
      comment: 'The composition root (router, entries) takes routes and screens from a feature\'s front door too.',
      severity: 'error',
      from: { path: '^pwa/[^/]+\\.tsx?$', pathNot: TEST },
      to: { path: '^pwa/features/', pathNot: FRONT_DOOR },
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
    {
      name: 'client-listening-imports-no-other-feature',
      comment: 'The listening wing owns episodes on the device; other features reach it through its index.ts, never the reverse.',
      severity: 'error',
      from: { path: '^pwa/features/listening/' },
      to: { path: '^pwa/features/(?!listening/)', dependencyTypesNot: TYPES_ONLY },
    },
    {
      name: 'client-listening-only-through-its-front-door',
      comment: "Other features and the app take the listening wing's names from pwa/features/listening/index.ts only.",
      severity: 'error',
      from: { path: '^pwa/', pathNot: ['^pwa/features/listening/', ...TEST] },
      to: { path: '^pwa/features/listening/(?!index\\.ts$)' },
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
      name: 'server-repos-reach-no-other-resources-side-effects',
      comment:
        "A repo reaches a write's side effects in another resource (its counters, audit entries, edit history, a member's " +
        'reset links) through a recorded event (server/events/, docs/events.md), never by importing them: neither the ' +
        "side-effect modules nor the repos whose writes only follow another resource's write (edits, password-resets). " +
        'Reads of another resource (visibility, kinds, targets, a lookup) stay imports.',
      severity: 'error',
      from: { path: '^server/api/([^/]+)/repo\\.ts$' },
      to: {
        path: ['^server/api/[^/]+/(?:counters|record|subscribers)\\.ts$', '^server/api/(?:edits|password-resets)/repo\\.ts$'],
        pathNot: '^server/api/$1/',
        dependencyTypesNot: TYPES_ONLY,
      },
    },
    {
      name: 'server-audit-entries-written-only-by-the-audit-log',
      comment:
        "Only server/api/audit/ writes audit entries (record.ts), from the events it subscribes to: another resource records " +
        'what happened (docs/events.md) and imports nothing of the audit log, tests included.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/api/audit/' },
      to: { path: '^server/api/audit/record\\.ts$' },
    },
    {
      name: 'server-resources-import-no-audit-log',
      comment: "A resource (server/api/<x>/) reaches the audit log only through an event; the app's lists and main wire its routes, subscribers and sweep.",
      severity: 'error',
      from: { path: '^server/api/(?!audit/)[^/]+/' },
      to: { path: '^server/api/audit/' },
    },
    {
      name: 'server-subscribers-assembled-by-the-app',
      comment: "A resource's event subscribers are registered by the app's list (server/api/subscribers.ts), not by another resource.",
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/api/subscribers\\.ts$', ...TEST] },
      to: { path: '^server/api/[^/]+/subscribers\\.ts$' },
    },
    {
      name: 'server-no-circular-types-included',
      comment: 'No import circle in server/, type imports counted: a circle a reader must untie even when nothing of it runs.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^server/', circular: true },
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
