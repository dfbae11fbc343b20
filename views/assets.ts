/** What a page needs to reference its built (or, in development, served) styles and scripts. */
export interface PageAssets {
  styles: readonly string[];
  /** Scripts every page with islands loads before the runtime (Vite's client in development). */
  preludeScripts: readonly string[];
  runtime: string;
  /** Chunks to preload for these islands (and the runtime), so hydration does not wait on a waterfall. */
  preloads(islands: readonly string[]): readonly string[];
}
