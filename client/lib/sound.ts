import { currentUser } from '../state/session';

/** Whether the signed-in customer left sounds on (Settings; stored on the user, on by default: docs/customer-area.md#settings). */
export function soundsOn(): boolean {
  return currentUser.value?.sounds_enabled !== false;
}

/** Plays notification.mp3 for a new notification, and for chat messages from others off the chat screen (docs/screens.md#sounds). */
export function playNotificationSound(): void {
  if (!soundsOn()) return;
  const sound = new Audio('/sounds/notification.mp3');
  // Browsers refuse to play before the first interaction with the page: staying silent is fine then.
  sound.play().catch((error: unknown) => console.debug('notification sound not played', error));
}
