import { signal } from '@preact/signals-react';
import { maxVisibleToasts } from '../../shared/constants';
import type { ToastInput } from '../../shared/page-state.schema';
import { toastDurationMs } from '../lib/toast-durations';

export interface Toast extends ToastInput {
  id: number;
  durationMs: number;
}

/** Every toast not yet dismissed, oldest first; the toaster shows the newest `maxVisibleToasts`. */
export const toasts = signal<readonly Toast[]>([]);

let nextId = 1;

export function showToast(input: ToastInput & { durationMs?: number }): number {
  const id = nextId++;
  toasts.value = [...toasts.value, { ...input, id, durationMs: input.durationMs ?? toastDurationMs[input.kind] }];
  return id;
}

export function dismissToast(id: number): void {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

export function visibleToasts(all: readonly Toast[]): readonly Toast[] {
  return all.slice(-maxVisibleToasts);
}
