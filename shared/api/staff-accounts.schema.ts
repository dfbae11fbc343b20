import * as z from 'zod/mini';
import { emailField } from './credentials.schema';
import { isoDateTime, plainText } from './common.schema';
import { userStatuses } from './user.schema';

/** Staff accounts, managed by admins (docs/back-office.md#staff-accounts): the list, invitations, roles and standing. */

export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleLabels: Record<StaffRole, string> = { staff: 'Staff', admin: 'Admin' };

/** A staff account is active or disabled (the users' `deactivated`). */
export const staffStatuses = ['active', 'deactivated'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** How long an invitation's set-password link works. */
export const inviteLinkHours = 48;

export const staffAccountTexts = {
  notFound: 'Staff member not found.',
  emailTaken: 'A user with this e-mail address exists already (a customer or a staff member).',
  firstName: 'Give a first name of at most 100 characters.',
  lastName: 'Give a last name of at most 100 characters.',
  controlCharacters: (field: string) => `The ${field} holds characters that cannot be stored.`,
  role: 'Choose staff or admin.',
  status: 'The status must be active or deactivated.',
  oneChange: 'Change either the role or the status, one at a time.',
  reasonTooLong: 'The reason may not be greater than 500 characters.',
  ownRole: 'You cannot change your own role.',
  ownStatus: 'You cannot disable or enable your own account.',
  onlyAdmins: 'Only an active admin can change staff accounts.',
  lastAdminDemoted: (name: string) => `${name} is the last active admin and cannot be made staff: make someone else an admin first.`,
  lastAdminDisabled: (name: string) => `${name} is the last active admin and cannot be disabled: make someone else an admin first.`,
  invited: (email: string) => `Invitation sent to ${email}: the link works for ${inviteLinkHours} hours.`,
  roleChanged: (name: string, role: StaffRole) => `${name} is now ${role === 'admin' ? 'an admin' : 'staff'}.`,
  roleUnchanged: (name: string, role: StaffRole) => `Nothing changed: ${name} is ${role === 'admin' ? 'an admin' : 'staff'} already.`,
  disabled: (name: string) => `${name} is disabled and signed out everywhere.`,
  enabled: (name: string) => `${name} can sign in again.`,
  statusUnchanged: (name: string) => `Nothing changed: ${name} has this status already.`,
} as const;

const name = (message: string, field: string) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(100, message), plainText(staffAccountTexts.controlCharacters(field)));

/** `POST /admin/staff`: invite someone to the back office by e-mail. */
export const staffInviteRequest = z.strictObject({
  email: emailField,
  first_name: name(staffAccountTexts.firstName, 'first name'),
  last_name: name(staffAccountTexts.lastName, 'last name'),
  role: z.enum(staffRoles, staffAccountTexts.role),
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequest>;

/** `PATCH /admin/staff/{id}`: a new role, or a new status with an optional reason (kept in the audit trail); one change at a time. */
export const staffChangeRequest = z
  .strictObject({
    role: z.optional(z.enum(staffRoles, staffAccountTexts.role)),
    status: z.optional(z.enum(staffStatuses, staffAccountTexts.status)),
    reason: z.optional(
      z.string(staffAccountTexts.reasonTooLong).check(z.trim(), z.maxLength(500, staffAccountTexts.reasonTooLong), plainText(staffAccountTexts.controlCharacters('reason'), { multiline: true })),
    ),
  })
  .check(z.refine((change) => (change.role === undefined) !== (change.status === undefined), { message: staffAccountTexts.oneChange, path: ['role'] }));
export type StaffChangeRequest = z.infer<typeof staffChangeRequest>;

export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(userStatuses),
  last_seen_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffChangeResponse = z.object({ data: staffMemberSchema, changed: z.boolean(), message: z.string() });
