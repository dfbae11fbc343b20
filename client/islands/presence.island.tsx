import { useEffect } from 'react';
import * as z from 'zod/mini';
import { timing } from '../../shared/constants';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';

function beat(): void {
  if (document.visibilityState === 'hidden') return;
  requestJson('/api/v1/user/heartbeat', { method: 'POST' }).catch((error: unknown) => console.warn('heartbeat failed', error));
}

/** The heartbeat of client-spec §7: on start, every 60 s and when the tab shows again; none while hidden. Renders nothing. */
function Presence() {
  useEffect(() => {
    beat();
    const timer = setInterval(beat, timing.heartbeatMs);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') beat();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return null;
}

export default defineIsland({ name: 'presence', component: Presence, props: z.object({}) });
