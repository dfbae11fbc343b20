import { createContext, useContext } from 'react';
import type { PageScript, PageSheet } from './assets';

/** Filled while a page's body renders: the islands, plain scripts and style sheets it uses, so the document references exactly those. */
export interface NeedsCollector {
  islands: Set<string>;
  scripts: Set<PageScript>;
  sheets: Set<PageSheet>;
}

export const PageNeedsContext = createContext<NeedsCollector | null>(null);

export function collectNeeds(): NeedsCollector {
  return { islands: new Set(), scripts: new Set(), sheets: new Set() };
}

/** Declares that the page needs a plain script from `client/scripts/`; renders nothing where it stands. */
export function Script({ name }: { name: PageScript }) {
  useContext(PageNeedsContext)?.scripts.add(name);
  return null;
}

/** Declares a style sheet the page needs (linked in `<head>`, in the order declared); renders nothing where it stands. */
export function Stylesheet({ src }: { src: PageSheet }) {
  useContext(PageNeedsContext)?.sheets.add(src);
  return null;
}
