/**
 * After a change, the server-rendered parts of the page that show what it changed are rendered again by the
 * server and swapped in place (docs/front-end.md#forms): no reload, so dialogs, scroll and the islands outside
 * them stay as they are. A part is marked `data-region="name"`; an island inside one is replaced with it (the
 * old one unmounts, the new one hydrates with the fresh props).
 * Resolves false when the page could not be fetched (the old parts stay, and say nothing untrue until then).
 */
export async function renderRegionsAgain(): Promise<boolean> {
  const response = await fetch(window.location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return false;
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const region of document.querySelectorAll<HTMLElement>('[data-region]')) {
    const next = fresh.querySelector(`[data-region="${CSS.escape(region.dataset.region ?? '')}"]`);
    if (next) region.replaceWith(document.importNode(next, true));
  }
  return true;
}
