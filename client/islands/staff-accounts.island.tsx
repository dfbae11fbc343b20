import '../styles/staff-tables.css';
import './staff-accounts.css';
import * as z from 'zod/mini';
import { staffMemberSchema } from '../../shared/api/staff-accounts.schema';
import { defineIsland } from '../runtime/define-island';
import { Invite } from './staff-accounts/invite';
import { StaffList } from './staff-accounts/list';

/** The page's Invite button, or the list (with the id of the admin looking, whose own row has no actions). */
const propsSchema = z.discriminatedUnion('part', [z.object({ part: z.literal('invite') }), z.object({ part: z.literal('list'), members: z.array(staffMemberSchema), you: z.number() })]);

/**
 * The staff accounts page's islands (docs/back-office.md#staff-accounts): Invite, and the list with each row's
 * role and standing. An invitation reaches the list through a signal both share (./staff-accounts/invite.tsx).
 */
function StaffAccounts(props: z.infer<typeof propsSchema>) {
  return props.part === 'invite' ? <Invite /> : <StaffList members={props.members} you={props.you} />;
}

export default defineIsland({ name: 'staff-accounts', component: StaffAccounts, props: propsSchema });
