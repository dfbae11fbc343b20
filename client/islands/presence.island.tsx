import { useEffect } from 'react';
import * as z from 'zod/mini';
import { siteApi } from '../../shared/api/endpoints/site';
import { timing } from '../../shared/constants';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';

function beat(): void {
  if (document.visibilityState === 'hidden') return;
  void call(siteApi.heartbeat).then((result) => {
    if (!result.ok) console.warn('heartbeat failed', result.status, result.message);
  });
}

/** The heartbeat (docs/realtime.md#online): on start, every 60 s and when the tab shows again; none while hidden. Renders nothing. */
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
