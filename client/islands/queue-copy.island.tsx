import './queue-copy.css';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

const propsSchema = z.object({
  /** What is copied (an address, an IBAN, an account number), shown whole. */
  text: z.string(),
  /** What it is, for screen readers ("address", "IBAN"). */
  label: z.string(),
});
type Props = z.infer<typeof propsSchema>;

/**
 * A value staff pay to, in full, with Copy (docs/back-office.md#funding-queues): a wallet address or an
 * IBAN is pasted into the bank's or the wallet's screen, never retyped. When the clipboard is refused the
 * value is selected for copying by hand.
 */
function QueueCopy({ text, label }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const value = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    if (!copied && value.current) window.getSelection()?.selectAllChildren(value.current);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  }

  return (
    <span className="queue-copy">
      <code ref={value} className="queue-copy-value">
        {text}
      </code>
      <button type="button" className="outline secondary queue-copy-button" aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${label}`} onClick={() => void copy()}>
        <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C' : 'Copy'}</span>
      </button>
    </span>
  );
}

export default defineIsland({ name: 'queue-copy', component: QueueCopy, props: propsSchema });
