import './two-factor-codes.css';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';

const propsSchema = z.object({
  /** The recovery codes just made: shown this once. */
  codes: z.array(z.string()),
  /** The site's name, for the downloaded file's heading. */
  site: z.string(),
});
type Props = z.infer<typeof propsSchema>;

const fileText = ({ codes, site }: Props) => [`${site} recovery codes`, 'Each code signs you in once when you cannot use your authenticator app.', '', ...codes, ''].join('\n');

/**
 * The recovery codes, shown once after turning two-factor sign-in on or making new ones
 * (docs/access.md#two-factor-sign-in): the list and Download work without scripts; Copy appears once
 * the island runs, and selects the codes for copying by hand when the clipboard is refused.
 */
function TwoFactorCodes(props: Props) {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const list = useRef<HTMLOListElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    setReady(true);
    return () => clearTimeout(timer.current);
  }, []);

  async function copy() {
    const copied = await navigator.clipboard?.writeText(props.codes.join('\n')).then(
      () => true,
      () => false,
    );
    if (!copied && list.current) window.getSelection()?.selectAllChildren(list.current);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  }

  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(fileText(props))}`;
  return (
    <div className="two-factor-codes">
      <ol ref={list} className="two-factor-code-list" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor-code-actions">
        {ready ? (
          <button type="button" className="secondary" onClick={() => void copy()}>
            <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Press Ctrl+C to copy' : 'Copy codes'}</span>
          </button>
        ) : null}
        <a role="button" className="secondary outline" href={href} download="recovery-codes.txt">
          Download
        </a>
      </div>
    </div>
  );
}

export default defineIsland({ name: 'two-factor-codes', component: TwoFactorCodes, props: propsSchema });
