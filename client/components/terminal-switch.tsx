import { terminalLabels, type TerminalKind } from '../../shared/api/preferences.schema';
import { paths } from '../../shared/routes';
import { CsrfForm } from './csrf-form';

/**
 * Opens the other terminal and keeps it as the customer's choice (docs/trade-room.md#terminals): a plain form to
 * `POST /terminal`, so it works before any script and every "Trade room" link follows the choice afterwards.
 */
export function TerminalSwitch({ to, csrfToken, className = 'link-like', label = terminalLabels[to] }: { to: TerminalKind; csrfToken: string; className?: string; label?: string }) {
  return (
    <CsrfForm action={paths.terminalChoice} csrfToken={csrfToken} className="terminal-switch">
      <input type="hidden" name="terminal" value={to} />
      <button type="submit" className={className}>
        {label}
      </button>
    </CsrfForm>
  );
}
