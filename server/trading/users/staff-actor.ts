import type { Role } from '../../../shared/api/user.schema';

/** Who did a back-office action, as the audit trail records it. */
export interface StaffActor {
  id: number;
  role: Role;
  ip: string | null;
}
