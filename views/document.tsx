import { Fragment, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageStateElementId } from '../shared/islands';
import type { PageState, ToastInput } from '../shared/page-state.schema';
import type { PageAssets } from './assets';
import { Toasts } from './components/toasts';
import { collectNeeds, PageNeedsContext } from './page-needs';
import { renderWithPageState } from './page-scope';

export interface DocumentInput {
  title: string;
  siteName: string;
  favicon: string | null;
  nonce: string;
  assets: PageAssets;
  pageState: PageState;
  body: ReactElement;
  /** Messages the server already knows (a failed sign-in, an account created): rendered as toasts in the HTML. */
  flash?: readonly ToastInput[];
  theme?: 'dark' | 'light';
}

/** JSON for a `<script>` element: `<` escaped so no string in it can close the element. */
/** HTML's `disabled` on a style sheet link (not fetched while present), which React's types leave out for `<link>`. */
const disabledLink: Record<string, unknown> = { disabled: true };

export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The whole HTML page. The body is rendered first (its islands against the page state's signals) so the
 * islands, plain scripts and style sheets it uses are known: the page references exactly those, every sheet in `<head>`. A page with no island gets no island runtime and no page state;
 * a page with neither islands nor plain scripts gets no script at all.
 */
export function renderDocument({ title, siteName, favicon, nonce, assets, pageState: input, body, flash = [], theme = 'dark' }: DocumentInput): string {
  const needs = collectNeeds(flash);
  const pageState: PageState = { ...input, renderedAt: input.renderedAt ?? Date.now() };
  // Islands render against signals of this page's own, seeded from its state as the browser seeds them (views/page-scope.ts).
  const bodyHtml = renderWithPageState(pageState, () =>
    renderToStaticMarkup(
      <PageNeedsContext value={needs}>
        {body}
        <Toasts toasts={flash} />
      </PageNeedsContext>,
    ),
  );
  const hasIslands = needs.islands.size > 0;
  const links = assets.links({ islands: [...needs.islands], scripts: [...needs.scripts], sheets: [...needs.sheets], theme });
  const head = renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content={theme} />
      <title>{title ? `${title} · ${siteName}` : siteName}</title>
      {favicon ? <link rel="icon" href={favicon} /> : null}
      {links.styles.map((href) => {
        const text = links.inlined?.get(href);
        if (text === undefined) return <link key={href} rel="stylesheet" href={href} />;
        // The sheet inside the page, and its link disabled (never fetched): the islands' loader, seeing it linked, does not fetch it either.
        return (
          <Fragment key={href}>
            <style data-sheet={href} dangerouslySetInnerHTML={{ __html: text }} />
            <link rel="stylesheet" href={href} {...disabledLink} />
          </Fragment>
        );
      })}
      {/* The islands' code after the sheets: on a slow link it took the bandwidth the first paint was waiting for (docs/front-end.md#chunks). */}
      {links.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
    </>,
  );
  const scripts = renderToStaticMarkup(
    <>
      {hasIslands ? <script type="application/json" id={pageStateElementId} nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(pageState) }} /> : null}
      {links.scripts.map((src) => (
        <script key={src} type="module" src={src} nonce={nonce} />
      ))}
    </>,
  );
  return `<!doctype html><html lang="en" data-theme="${theme}"><head>${head}</head><body>${bodyHtml}${scripts}</body></html>`;
}
