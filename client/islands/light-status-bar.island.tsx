import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

/** The light terminal's status bar (docs/trade-room.md#light-terminal). Scaffolding: built in issue 20. */
function LightStatusBar() {
  return null;
}

export default defineIsland({ name: 'light-status-bar', component: LightStatusBar, props: z.object({}) });
