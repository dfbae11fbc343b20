/**
 * Signing in as a browser does, over plain HTTP: no app, views or styles imported, so the benchmarks and the
 * fault tests use it as well as the integration and protocol suites.
 */

/** The CSRF token a page carries (its page state, or a form's hidden field). */
export function csrfFrom(html: string): string {
  const match = /"csrfToken":"([^"]+)"/.exec(html) ?? /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF token in page');
  return match[1];
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A signed-in browser session on the web tier: its cookie and its page's CSRF token. */
export async function browserSession(webUrl: string, person: { email: string; password: string }): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${webUrl}/`);
  const csrf = csrfFrom(await page.text());
  const res = await fetch(`${webUrl}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf, Cookie: cookiesOf(page) },
    body: JSON.stringify(person),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = cookiesOf(res);
  const dashboard = await fetch(`${webUrl}/main/dashboard`, { headers: { Cookie: cookie } });
  return { cookie, csrf: csrfFrom(await dashboard.text()) };
}
