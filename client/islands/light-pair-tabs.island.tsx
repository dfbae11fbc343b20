import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

/** The light terminal's open pairs as tabs under the chart (docs/trade-room.md#light-terminal). Scaffolding: built in issue 20. */
function LightPairTabs() {
  return null;
}

export default defineIsland({ name: 'light-pair-tabs', component: LightPairTabs, props: z.object({}) });
