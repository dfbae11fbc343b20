import { useState } from 'react';
import type { Preferences } from '../../shared/api/preferences.schema';
import { oneClickTexts as texts } from '../../shared/trading/one-click';
import { savePreferences } from '../state/preferences';
import { showToast } from '../state/toasts';
import { Modal } from './modal';

/**
 * The risk confirmation before one-click trading goes on (docs/trade-room.md#one-click-trading): what it does, then
 * `PATCH /user/preferences` with `one_click_risk_accepted`, the only way the server turns it on. A refusal shows here.
 */
export function OneClickConfirm({ onClose, onSaved }: { onClose: () => void; onSaved?: (saved: Preferences) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setProblem(null);
    const result = await savePreferences({ one_click_trading: true, one_click_risk_accepted: true });
    setBusy(false);
    if (!result.ok) return setProblem(result.message ?? texts.failed);
    onSaved?.(result.data.data);
    showToast({ kind: 'success', title: texts.turnedOn });
    onClose();
  };
  return (
    <Modal title={texts.riskTitle} className="one-click-confirm" onClose={() => !busy && onClose()}>
      {texts.risk.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {problem ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <footer>
        <button type="button" className="secondary" disabled={busy} onClick={onClose}>
          {texts.cancel}
        </button>
        <button type="button" aria-busy={busy || undefined} disabled={busy} onClick={() => void accept()}>
          {texts.accept}
        </button>
      </footer>
    </Modal>
  );
}
