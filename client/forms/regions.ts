/**
 * After a change, the server-rendered parts of the page that show what it changed are rendered again by the
 * server and swapped in place (docs/front-end.md#forms): no reload, so dialogs, scroll and the islands outside
 * them stay as they are. A part is marked `data-region="name"`; an island inside one is replaced with it (the
 * old one unmounts, the new one hydrates with the fresh props).
 * Resolves false when the page could not be fetched again (the old parts stay).
 */
export async function renderRegionsAgain(): Promise<boolean> {
  const response = await fetch(window.location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' }).catch(() => null);
  // A redirect (signed out, the page gone) is not this page rendered again: nothing is swapped.
  if (!response?.ok || response.redirected) return false;
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  const regions = [...document.querySelectorAll<HTMLElement>('[data-region]')];
  const next = regions.map((region) => fresh.querySelector(`[data-region="${CSS.escape(region.dataset.region ?? '')}"]`));
  if (next.every((found) => found === null)) return false;
  // A part the server no longer renders (a decided row's status under Pending) goes, rather than keep saying what is no longer so.
  regions.forEach((region, i) => (next[i] ? region.replaceWith(document.importNode(next[i], true)) : region.remove()));
  return true;
}
