import { createContext, useContext } from 'react';
import type { ToastInput } from '../shared/page-state.schema';
import type { PageScript, PageSheet } from './assets';

/** Filled while a page's body renders: the islands, plain scripts and style sheets it uses, so the document references exactly those. */
export interface NeedsCollector {
  islands: Set<string>;
  scripts: Set<PageScript>;
  sheets: Set<PageSheet>;
  /** Messages the server knows for this page (a save that went through): shown by the page's toast lane when it has one. */
  flash: readonly ToastInput[];
  /** Set by the toast lane that shows `flash`; otherwise the document shows them itself. */
  flashShown: boolean;
}

export const PageNeedsContext = createContext<NeedsCollector | null>(null);

export function collectNeeds(flash: readonly ToastInput[] = []): NeedsCollector {
  return { islands: new Set(), scripts: new Set(), sheets: new Set(), flash, flashShown: false };
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
