/**
 * Paths the server answers itself, in JSON (the API, uploaded objects, generated covers), as
 * opposed to the web app's pages and files: never the HTML shell, a missing one is a JSON 404, and
 * they need the database.
 */
export function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/objects/') || path.startsWith('/covers/');
}
