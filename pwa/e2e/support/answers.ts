import type { APIResponse, Page, Route } from '@playwright/test';

/**
 * Routes `url` to the server's own JSON answer, changed by `change` (what it returns is sent; it may
 * also change the body in place and return nothing). A page that moved on while the answer was read
 * (a sign-in's navigation, a closed context) is waiting for nothing: Playwright then disposes the
 * server's response, and that is no failure of the test.
 */
export async function changeAnswer<T>(page: Page, url: string, change: (body: T) => unknown): Promise<void> {
  await page.route(url, async (route) => {
    const answer = await serverAnswer<T>(route);
    if (!answer) return;
    const changed = change(answer.body);
    await route.fulfill({ response: answer.response, json: changed === undefined ? answer.body : changed }).catch(ignoreGone);
  });
}

async function serverAnswer<T>(route: Route): Promise<{ response: APIResponse; body: T } | null> {
  try {
    const response = await route.fetch();
    return { response, body: (await response.json()) as T };
  } catch (error) {
    ignoreGone(error);
    return null;
  }
}

/** The request's page or context is gone (disposed, closed): nothing is waiting for the answer. */
function ignoreGone(error: unknown): void {
  if (!/disposed|closed|Target page, context or browser has been closed/i.test(String(error))) throw error;
}
