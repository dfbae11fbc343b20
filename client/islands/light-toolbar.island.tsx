import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

const props = z.object({ siteName: z.string(), planId: z.nullable(z.number()), planTitle: z.nullable(z.string()), firstName: z.string(), unread: z.number() });

/** The light terminal's title bar and toolbar (docs/trade-room.md#light-terminal). Scaffolding: built in issue 20. */
function LightToolbar(_: z.infer<typeof props>) {
  return null;
}

export default defineIsland({ name: 'light-toolbar', component: LightToolbar, props });
