import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import * as z from 'zod/mini';
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
 * Server-renders an island inside its `<app-island>` element, with its name, strategy and props: encoded
 * by the island's schema (decimals as the wire's numbers: docs/api-conventions.md#wire-types) into JSON
 * that React escapes as an attribute, and rendered here as the browser will read them back.
 */
export function Island<P extends object>({ island, props, client, media }: IslandProps<P>) {
  useContext(PageNeedsContext)?.islands.add(island.name);
  const wire = z.encode(island.props, props);
  const checked = island.props.parse(wire);
  const html = renderToString(createElement(TranslationBoundary, null, createElement(island.component, checked)));
  return createElement(islandTag, {
    [islandAttrs.name]: island.name,
    [islandAttrs.client]: typeof client === 'string' ? client : client.join(' '),
    ...(media ? { [islandAttrs.media]: media } : {}),
    [islandAttrs.props]: JSON.stringify(wire),
    dangerouslySetInnerHTML: { __html: html },
  });
}
