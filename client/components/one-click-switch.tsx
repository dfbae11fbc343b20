import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Preferences } from '../../shared/api/preferences.schema';
import { oneClickTexts as texts } from '../../shared/trading/one-click';
import { useBusy } from '../lib/use-busy';
import { oneClickOn, savePreferences } from '../state/preferences';
import { showToast } from '../state/toasts';
import { OneClickConfirm } from './one-click-confirm';

interface Props {
  className?: string;
  /** What it shows: "One-click" in the header, the setting's name in Settings. */
  label?: string;
  hint?: string;
  /** Whether it is on, when the caller holds the settings (Settings' page); else the page's user says. */
  on?: boolean;
  /** The settings as saved, after either change. */
  onSaved?: (saved: Preferences) => void;
}

/**
 * The one-click trading switch (docs/trade-room.md#one-click-trading): turning it on asks for the risk confirmation
 * first; turning it off saves at once.
 */
export function OneClickSwitch({ className, label = texts.label, hint, on: given, onSaved }: Props) {
  useSignals();
  const on = given ?? oneClickOn.value;
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusy();
  const turnOff = async () => {
    const result = await savePreferences({ one_click_trading: false });
    if (result.ok) onSaved?.(result.data.data);
    showToast(result.ok ? { kind: 'success', title: texts.turnedOff } : { kind: 'error', title: result.message ?? texts.failed });
  };
  const change = (next: boolean) => (next ? setConfirming(true) : run('off', turnOff));
  return (
    <>
      <label className={className ? `one-click-switch ${className}` : 'one-click-switch'} title={texts.settingHint}>
        <input type="checkbox" role="switch" aria-label={label === texts.label ? texts.setting : undefined} checked={on} disabled={busy !== null} onChange={(e) => change(e.target.checked)} />
        <span>
          <strong>{label}</strong>
          {hint ? <small>{hint}</small> : null}
        </span>
      </label>
      {confirming ? <OneClickConfirm onClose={() => setConfirming(false)} onSaved={onSaved} /> : null}
    </>
  );
}
