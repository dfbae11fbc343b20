import './autotrader-dialog.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type FormEvent } from 'react';
import { autotraderLevels, autotraderTexts, type AutotraderLevel, type AutotraderStatus } from '../../shared/api/autotrader.schema';
import { autotrader, loadAutotrader, requestAutotrader, turnOffAutotrader } from '../state/automation';
import { terminalDialog } from '../state/terminal';
import { accountNameOf, selectedAccount } from '../state/trading';
import { useBusy } from '../lib/use-busy';
import { Modal } from './modal';

const close = () => (terminalDialog.value = null);
/** Like the other terminal dialogs it closes once answered, so the toast saying how it went is seen. */
const thenClose = (action: () => Promise<void>) => async () => {
  await action();
  close();
};

/** AutoTrader at work: its level, account and open positions against the level's limit, and Turn off. */
function ActiveAutotrader({ status }: { status: AutotraderStatus }) {
  useSignals();
  const { busy, run } = useBusy();
  return (
    <>
      <p className="autotrader-active" role="status">
        Auto Trader Active
      </p>
      <dl className="autotrader-figures">
        <dt>Level</dt>
        <dd>{status.level ? autotraderTexts.levelLabels[status.level] : '—'}</dd>
        <dt>Account</dt>
        <dd>{accountNameOf(status.account_id)}</dd>
        <dt>Open positions</dt>
        <dd>{status.open_limit === null ? `${status.open_positions} (no limit)` : `${status.open_positions} of ${status.open_limit}`}</dd>
      </dl>
      <footer>
        <button type="button" className="danger" disabled={busy !== null} aria-busy={busy !== null || undefined} onClick={() => run('off', thenClose(turnOffAutotrader))}>
          Turn off
        </button>
      </footer>
    </>
  );
}

/** The request form (docs/advisors.md#autotrader-dialog): a level (default medium), Accept, then Activate ("Activating..." while it is sent). */
function AutotraderRequest({ status }: { status: AutotraderStatus }) {
  useSignals();
  const [level, setLevel] = useState<AutotraderLevel>('medium');
  const [accepted, setAccepted] = useState(false);
  const { busy, run } = useBusy();
  const latest = status.latest_request;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(
      'send',
      thenClose(() => requestAutotrader(level)),
    );
  };
  return (
    <form onSubmit={submit}>
      {latest?.status === 'pending' ? (
        <p className="autotrader-note" role="status">
          Your request for {autotraderTexts.levelLabels[latest.level]} on {accountNameOf(latest.account_id)} is awaiting approval.
        </p>
      ) : null}
      {latest?.status === 'refused' ? (
        <p className="autotrader-note refused" role="status">
          Your last request was refused{latest.reason ? `: ${latest.reason}` : '.'}
        </p>
      ) : null}
      <fieldset>
        <legend>Level</legend>
        {autotraderLevels.map((option) => (
          <label key={option}>
            <input type="radio" name="autotrader-level" value={option} checked={level === option} onChange={() => setLevel(option)} />
            {autotraderTexts.levelLabels[option]}
          </label>
        ))}
      </fieldset>
      <p className="autotrader-account">On {accountNameOf(selectedAccount.value?.id)}, once our team approves it.</p>
      <label>
        <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
        Accept: AutoTrader opens and closes trades for me, and I may lose money on them.
      </label>
      <footer>
        <button type="button" className="secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" disabled={!accepted || busy !== null} aria-busy={busy !== null || undefined}>
          {busy ? 'Activating...' : 'Activate'}
        </button>
      </footer>
    </form>
  );
}

/** AutoTrader activation (docs/advisors.md#autotrader-dialog): its status, refreshed on opening and live on user events. */
export function AutotraderDialog() {
  useSignals();
  useEffect(() => void loadAutotrader(), []);
  const status = autotrader.value;
  return (
    <Modal title="AutoTrader" className="autotrader-dialog" onClose={close}>
      {!status ? <p className="panel-empty">Loading...</p> : status.active ? <ActiveAutotrader status={status} /> : <AutotraderRequest status={status} />}
    </Modal>
  );
}
