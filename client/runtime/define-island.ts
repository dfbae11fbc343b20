import type { ComponentType } from 'react';
import type * as z from 'zod/mini';

/** An island: its name (the file's, `<name>.island.tsx`), its component and the schema its props must fit. */
export interface IslandDefinition<P extends object> {
  name: string;
  component: ComponentType<P>;
  props: z.ZodMiniType<P>;
}

export function defineIsland<P extends object>(definition: IslandDefinition<P>): IslandDefinition<P> {
  return definition;
}
