import type * as z from 'zod/mini';

/** One event the browser hears: its channel (by the id in its name), its name on the wire, the schema of its payload. */
export interface RealtimeEvent<S extends z.ZodMiniType = z.ZodMiniType> {
  /** The channel's name on the wire for a user's (or a conversation's customer's) id. */
  channel: (id: number) => string;
  event: string;
  payload: S;
}

export const realtimeEvent = <S extends z.ZodMiniType>(channel: (id: number) => string, event: string, payload: S): RealtimeEvent<S> => ({ channel, event, payload });

export type PayloadOf<E extends RealtimeEvent> = z.output<E['payload']>;
