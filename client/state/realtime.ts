import { signal } from '@preact/signals-react';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

/** The realtime connection every island shares (docs/realtime.md#connection-toasts). */
export const connection = signal<{ status: ConnectionStatus; error: string | null }>({ status: 'disconnected', error: null });

/** This page's socket id once connected: sent as X-Socket-Id so our own changes are not echoed back. */
export const socketId = signal<string | null>(null);
