import { preferencesApi } from '../../shared/api/endpoints/preferences';
import type { Preferences } from '../../shared/api/preferences.schema';
import { oneClickTexts as texts } from '../../shared/trading/one-click';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { applyPreferences } from '../state/preferences';
import { Modal } from './modal';

/**
 * The risk confirmation before one-click trading goes on (docs/trade-room.md#one-click-trading): what it does, then
 * `PATCH /user/preferences` with `one_click_risk_accepted`, the only way the server turns it on. A refusal shows here.
 */
export function OneClickConfirm({ onClose, onSaved }: { onClose: () => void; onSaved?: (saved: Preferences) => void }) {
  const form = useEndpointForm(preferencesApi.updatePreferences, {
    initial: {},
    request: () => ({ body: { one_click_trading: true, one_click_risk_accepted: true } }),
    fallback: texts.failed,
    done: () => ({ kind: 'success', title: texts.turnedOn }),
    onDone: ({ data }) => {
      if (data) {
        applyPreferences(data.data);
        onSaved?.(data.data);
      }
      onClose();
    },
  });
  return (
    <Modal title={texts.riskTitle} className="one-click-confirm" onClose={() => !form.busy && onClose()}>
      {texts.risk.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {/* Problem's markup rather than Problem: its module would be one more chunk in the trade room. */}
      {form.problem ? (
        <p className="field-problem" role="alert">
          {form.problem}
        </p>
      ) : null}
      <footer>
        <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
          {texts.cancel}
        </button>
        <button type="button" aria-busy={form.busy || undefined} disabled={form.busy} onClick={() => form.submit()}>
          {texts.accept}
        </button>
      </footer>
    </Modal>
  );
}
