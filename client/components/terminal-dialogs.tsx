import { useSignals } from '@preact/signals-react/runtime';
import { activeAsset } from '../state/market';
import { terminalDialog } from '../state/terminal';
import { AddPairDialog, AssetInfoDialog } from './asset-dialogs';
import { AutotraderDialog } from './autotrader-dialog';
import { CalculatorDialog, PlansDialog } from './tool-dialogs';

/**
 * The terminal dialog `terminalDialog` names, whichever island opened it (docs/trade-room.md#add-pair, #asset-information,
 * #account-plans, #profit-calculator; docs/advisors.md#autotrader-dialog). One island per page renders them.
 */
export function TerminalDialogs({ planId }: { planId: number | null }) {
  useSignals();
  const dialog = terminalDialog.value;
  const asset = activeAsset.value;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'add-pair':
      return <AddPairDialog />;
    case 'asset-info':
      return <AssetInfoDialog assetId={dialog.assetId} />;
    case 'plans':
      return <PlansDialog currentPlanId={planId} />;
    case 'calculator':
      return asset ? <CalculatorDialog asset={asset} /> : null;
    case 'autotrader':
      return <AutotraderDialog />;
  }
}
