import { soundsOn } from './sound';

/** A rising tone when an order succeeds, a buzzer when it fails (Web Audio, no files; docs/screens.md#sounds). */
let context: AudioContext | undefined;

function play(notes: readonly { frequency: number; at: number; length: number }[], type: OscillatorType): void {
  if (!soundsOn()) return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const note of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = type;
      oscillator.frequency.value = note.frequency;
      gain.gain.setValueAtTime(0.08, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + note.length);
    }
  } catch {
    // No audio device or autoplay refused: the toast still says it.
  }
}

export const playSuccessTone = () =>
  play(
    [
      { frequency: 660, at: 0, length: 0.12 },
      { frequency: 880, at: 0.1, length: 0.18 },
    ],
    'sine',
  );

export const playFailureTone = () => play([{ frequency: 140, at: 0, length: 0.35 }], 'square');
