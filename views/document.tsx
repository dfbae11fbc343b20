import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageStateElementId } from '../shared/islands';
import type { PageState } from '../shared/page-state.schema';
import type { PageAssets } from './assets';
import { IslandCollector } from './island';

export interface DocumentInput {
  title: string;
  siteName: string;
  favicon: string | null;
  nonce: string;
  assets: PageAssets;
  pageState: PageState;
  body: ReactElement;
  theme?: 'dark' | 'light';
}

/** JSON for a `<script>` element: `<` escaped so no string in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The whole HTML page. The body is rendered first so the islands it uses are known; a page without
 * islands gets no script, no page state and no preloads at all.
 */
export function renderDocument({ title, siteName, favicon, nonce, assets, pageState, body, theme = 'dark' }: DocumentInput): string {
  const islands = new Set<string>();
  const bodyHtml = renderToStaticMarkup(<IslandCollector value={islands}>{body}</IslandCollector>);
  const hasIslands = islands.size > 0;
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content={theme} />
      <title>{title ? `${title} · ${siteName}` : siteName}</title>
      {favicon ? <link rel="icon" href={favicon} /> : null}
      {assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {hasIslands ? assets.preloads([...islands]).map((href) => <link key={href} rel="modulepreload" href={href} />) : null}
    </>,
  );
  const scripts = hasIslands
    ? renderToStaticMarkup(
        <>
          <script type="application/json" id={pageStateElementId} nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(pageState) }} />
          {assets.preludeScripts.map((src) => (
            <script key={src} type="module" src={src} nonce={nonce} />
          ))}
          <script type="module" src={assets.runtime} nonce={nonce} />
        </>,
      )
    : '';
  return `<!doctype html><html lang="en" data-theme="${theme}"><head>${head}</head><body>${bodyHtml}${scripts}</body></html>`;
}
