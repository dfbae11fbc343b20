export const riskWarningText =
  'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.';

export function RiskWarning() {
  return (
    <p className="risk-warning" role="note">
      <strong>Risk warning:</strong> {riskWarningText}
    </p>
  );
}
