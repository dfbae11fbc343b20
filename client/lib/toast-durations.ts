import { timing } from '../../shared/constants';
import type { ToastKind } from '../../shared/page-state.schema';

/** How long a toast of each kind stays, whether the server rendered it or an island showed it. */
export const toastDurationMs: Readonly<Record<ToastKind, number>> = {
  success: timing.toastSuccessMs,
  error: timing.toastErrorMs,
  warning: timing.toastDefaultMs,
  default: timing.toastDefaultMs,
};
