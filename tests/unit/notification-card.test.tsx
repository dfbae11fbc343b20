// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../shared/api/user.schema';
import notifications from '../../client/islands/notifications.island';
import { currentUser, realtimeKey } from '../../client/state/session';

/**
 * The notification card (docs/realtime.md#notifications) against a fetch that answers late: a notice that arrives by
 * event while the fetch is under way stays shown, and one closed meanwhile does not come back.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const harness = vi.hoisted(() => ({
  onNotification: undefined as ((n: unknown) => void) | undefined,
  onSubscribed: undefined as (() => void) | undefined,
  userAnswers: [] as ((value: unknown) => void)[],
}));
vi.mock('../../client/lib/call', () => ({
  call: vi.fn((endpoint: { path?: string }) => (endpoint.path === '/user' ? new Promise((resolve) => harness.userAnswers.push(resolve)) : Promise.resolve({ ok: true, status: 200, data: {} }))),
}));
vi.mock('../../client/lib/sound', () => ({ playNotificationSound: vi.fn() }));
vi.mock('../../client/realtime/connection', () => ({ realtime: vi.fn(async () => ({})) }));
vi.mock('../../client/realtime/events', () => ({
  // The card listens to the notification event first, then to user.updated.
  listen: vi.fn((_echo: unknown, _event: unknown, _id: number, handler: (n: unknown) => void) => {
    harness.onNotification ??= handler;
    return () => undefined;
  }),
  whenSubscribed: vi.fn((_echo: unknown, _event: unknown, _id: number, fn: () => void) => (harness.onSubscribed = fn)),
}));

const notice = (id: string, title: string): Notification => ({ id, title, message: `${title}.`, color: 'info', read: false, read_at: null, created_at: '2026-11-24T10:00:00.000Z' });
const answerUser = (list: Notification[]) => act(async () => harness.userAnswers.shift()!({ ok: true, status: 200, data: { data: { notifications: list } } }));

let root: Root;
let element: HTMLElement;
const cardText = () => element.querySelector('.notification-card')?.textContent ?? null;

beforeEach(async () => {
  currentUser.value = { id: 5, first_name: 'Ada', last_name: 'Byron', email: 'ada@example.test', role: 'customer', status: 'active' };
  realtimeKey.value = 'key';
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
  await act(async () => root.render(<notifications.component notifications={[]} />));
});

afterEach(() => {
  act(() => root.unmount());
  harness.onNotification = undefined;
  element.remove();
  harness.userAnswers.length = 0;
});

describe('the notification card', () => {
  it('keeps a notice that arrived while a fetch was under way, though the fetched list predates it', async () => {
    await act(async () => harness.onSubscribed!());
    await act(async () => harness.onNotification!(notice('7', 'Deposit confirmed')));
    expect(cardText()).toContain('Deposit confirmed');
    await answerUser([]);
    expect(cardText()).toContain('Deposit confirmed');
  });

  it('does not bring back a notice closed while a fetch was under way', async () => {
    await act(async () => harness.onNotification!(notice('8', 'Margin call')));
    await act(async () => harness.onSubscribed!());
    await act(async () => element.querySelector<HTMLButtonElement>('.toast-close')!.click());
    expect(cardText()).toBeNull();
    await answerUser([notice('8', 'Margin call')]);
    expect(cardText()).toBeNull();
  });

  it('shows what the fetch found that no event brought', async () => {
    await act(async () => harness.onSubscribed!());
    await answerUser([notice('9', 'Stop-out')]);
    expect(cardText()).toContain('Stop-out');
  });
});
