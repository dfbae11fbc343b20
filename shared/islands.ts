/** Hydration strategies an island may ask for; several combine (all must be met). */
export const hydrationStrategies = ['load', 'idle', 'visible', 'interaction', 'media'] as const;
export type HydrationStrategy = (typeof hydrationStrategies)[number];

/** The island custom element's tag and attributes, shared by the server helper and the runtime. */
export const islandTag = 'app-island';
export const islandAttrs = {
  name: 'name',
  client: 'client',
  media: 'media',
  props: 'props',
  hydrated: 'hydrated',
  failed: 'failed',
} as const;

/** The DOM event an island dispatches (bubbling) when it cannot hydrate. */
export const islandErrorEvent = 'island:error';
export const pageStateElementId = 'page-state';
