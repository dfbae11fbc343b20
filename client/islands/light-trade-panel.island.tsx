import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

/** The light terminal's BUY and SELL over the chart (docs/trade-room.md#light-terminal). Scaffolding: built in issue 20. */
function LightTradePanel() {
  return null;
}

export default defineIsland({ name: 'light-trade-panel', component: LightTradePanel, props: z.object({}) });
