import { chatEvents } from './realtime-events/chat';
import { tradingEvents } from './realtime-events/trading';
import { userEvents } from './realtime-events/user';

export type { PayloadOf, RealtimeEvent } from './realtime-events/event';
export { chatEvents, tradingEvents, userEvents };

/**
 * Every event the browser hears, declared by family under realtime-events/ (a page imports only the
 * families it follows). The server publishes through it (`realtime/bridge.ts`) and the browser listens
 * through the families (`client/realtime/events.ts`), so neither spells a channel or an event.
 */
export const realtimeContract = { ...userEvents, ...tradingEvents, ...chatEvents } as const;
