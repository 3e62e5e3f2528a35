// What the service worker precaches (vite.config.ts, injectManifest's manifestTransforms): the shell
// and the public screens' code. Read from Vite's build manifest, so no chunk is named by hand; the
// e2e specs read the same to check the worker's cache (pwa/e2e/layout/bundle.spec.ts).

/**
 * The screens (under pwa/) only a signed-in member opens: admin, the editor, the member's account
 * (profile, notifications, followed topics, welcome) and CPD ledger. Their chunks stay out of the
 * worker's precache (a visitor never runs them; about a quarter of the app's bytes) and are kept at
 * runtime when first used (pwa/sw/sw.ts), so a member offline still opens the screens they have used.
 * Screens only: a part the shell loads lazily from those folders (the header's notification bell) is
 * the shell's, and precached, or a signed-in header would fail offline.
 */
export const SIGNED_IN_SCREENS = /^features\/(admin|editor|profile|notifications|topics|welcome|ledger)\/.*Screens?\.tsx$/;

/** The subset of Vite's `.vite/manifest.json` entries used here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The built files a visitor's pages may run (`kept`): from the entry, every static and dynamic import,
 * except a dynamic import of a screen in SIGNED_IN_SCREENS (a chunk shared with a public screen is
 * reached through that screen too); and every file the manifest knows (`all`).
 */
export function publicFiles(manifest: Record<string, ManifestChunk>): { kept: Set<string>; all: Set<string> } {
  const kept = new Set<string>();
  const seen = new Set<string>();
  const filesOf = (chunk: ManifestChunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of filesOf(chunk)) kept.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) if (!SIGNED_IN_SCREENS.test(imported)) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return { kept, all: new Set(Object.values(manifest).flatMap(filesOf)) };
}
