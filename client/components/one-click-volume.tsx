import './one-click-volume.css';
import { useId, useState } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { defaultOneClickLots, oneClickTexts as texts } from '../../shared/trading/one-click';
import { lotsProblem } from '../../shared/trading/sizing';
import { stepVolume, volumeInputOf } from '../../shared/trading/ticket';
import { useMounted } from '../lib/use-mounted';
import { oneClickVolumes, rememberOneClickVolume } from '../state/terminal';

export interface OneClickVolume {
  /** What the field shows. */
  text: string;
  set: (text: string) => void;
  /** Why BUY/SELL cannot trade this volume (`lotsProblem`), or null. */
  problem: string | null;
}

/**
 * The one-click volume of an instrument in lots: what was typed, else what this device remembers for it, else its
 * default position. A volume the server would take is remembered as it is typed (`one-click-volume`). Call it from a
 * component that reads signals (`useSignals`).
 */
export function useOneClickVolume(asset: Asset | undefined): OneClickVolume {
  const mounted = useMounted();
  const [typed, setTyped] = useState<{ id: number; text: string } | null>(null);
  if (!asset) return { text: '', set: () => undefined, problem: null };
  // The server cannot know this device's remembered volume: it shows the default, and so does hydration.
  const remembered = mounted ? oneClickVolumes.value[asset.id] : undefined;
  const text = typed?.id === asset.id ? typed.text : (remembered ?? defaultOneClickLots(asset));
  const set = (next: string) => {
    setTyped({ id: asset.id, text: next });
    if (!lotsProblem(next || '0')) rememberOneClickVolume(asset.id, next);
  };
  return { text, set, problem: lotsProblem(text || '0') };
}

/** The small lots field between SELL and BUY while one-click trading is on; Up and Down step it by 0.01 lot. */
export function OneClickVolumeField({ volume, symbol }: { volume: OneClickVolume; symbol: string }) {
  const problemId = useId();
  return (
    <span className="one-click-volume">
      <input
        type="text"
        inputMode="decimal"
        aria-label={`${texts.volume}, ${symbol}`}
        title={texts.volume}
        value={volume.text}
        aria-invalid={volume.problem ? true : undefined}
        aria-describedby={volume.problem ? problemId : undefined}
        onChange={(e) => volume.set(volumeInputOf(e.target.value))}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          e.preventDefault();
          volume.set(stepVolume(volume.text, 'lots', e.key === 'ArrowUp' ? 1 : -1));
        }}
      />
      {volume.problem ? (
        <small id={problemId} className="one-click-problem" role="alert">
          {volume.problem}
        </small>
      ) : null}
    </span>
  );
}
