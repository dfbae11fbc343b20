import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import type { HydrationStrategy } from '../shared/islands';
import { islandAttrs, islandTag } from '../shared/islands';
import type { IslandDefinition } from '../client/runtime/define-island';
import { TranslationBoundary } from '../client/runtime/translation-boundary';
import { PageNeedsContext } from './page-needs';

interface IslandProps<P extends object> {
  island: IslandDefinition<P>;
  props: P;
  client: HydrationStrategy | readonly HydrationStrategy[];
  media?: string;
}

/**
 * Server-renders an island inside its `<app-island>` element, with its name, strategy and props
 * (checked against the island's schema, then JSON that React escapes as an attribute).
 */
export function Island<P extends object>({ island, props, client, media }: IslandProps<P>) {
  useContext(PageNeedsContext)?.islands.add(island.name);
  const checked = island.props.parse(props);
  const html = renderToString(createElement(TranslationBoundary, null, createElement(island.component, checked)));
  return createElement(islandTag, {
    [islandAttrs.name]: island.name,
    [islandAttrs.client]: typeof client === 'string' ? client : client.join(' '),
    ...(media ? { [islandAttrs.media]: media } : {}),
    [islandAttrs.props]: JSON.stringify(checked),
    dangerouslySetInnerHTML: { __html: html },
  });
}
