import { riskWarningText } from '../../shared/texts';

export function RiskWarning() {
  return (
    <p className="risk-warning" role="note">
      <strong>Risk warning:</strong> {riskWarningText}
    </p>
  );
}
