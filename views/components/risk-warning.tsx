import type { SiteSettings } from '../../shared/api/settings.schema';
import { riskWarningText } from '../../shared/texts';

/** The site's risk warning (docs/site-settings.md#fields: `risk_warning`), or the product's own text while it is unset. */
export const riskWarningOf = (settings: Pick<SiteSettings, 'risk_warning'>): string => settings.risk_warning?.trim() || riskWarningText;

export function RiskWarning({ settings }: { settings: Pick<SiteSettings, 'risk_warning'> }) {
  return (
    <p className="risk-warning" role="note">
      <strong>Risk warning:</strong> {riskWarningOf(settings)}
    </p>
  );
}
