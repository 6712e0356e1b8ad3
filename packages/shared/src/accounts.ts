import { z } from 'zod';
import { HANDLE_MAX_LENGTH } from './handle';

export const AccountType = z.enum(['personal', 'business']);
export type AccountType = z.infer<typeof AccountType>;

export const MemberRole = z.enum(['owner', 'admin', 'member']);
export type MemberRole = z.infer<typeof MemberRole>;

export const Account = z.object({
  id: z.string(),
  type: AccountType,
  handle: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
  createdAt: z.string(),
  /** The signed-in user's role in this account. */
  role: MemberRole,
});
export type Account = z.infer<typeof Account>;

export const AccountName = z.string().trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters');

export const CheckHandle = z.object({ handle: z.string().max(200) });
export type CheckHandle = z.infer<typeof CheckHandle>;

export const HandleAvailability = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
  /** The handle as it would be saved, after normalising. */
  handle: z.string().optional(),
});
export type HandleAvailability = z.infer<typeof HandleAvailability>;

export const CreateBusinessAccount = z.object({
  name: AccountName,
  handle: z.string().min(1, 'Handle is required').max(200),
});
export type CreateBusinessAccount = z.infer<typeof CreateBusinessAccount>;

export const UpdateAccount = z.object({ name: AccountName });
export type UpdateAccount = z.infer<typeof UpdateAccount>;

export const CreateInvite = z.object({
  email: z.email('Enter a valid email address').max(254),
  role: z.enum(['admin', 'member']),
});
export type CreateInvite = z.infer<typeof CreateInvite>;

export const RespondToInvite = z.object({ accept: z.boolean() });
export type RespondToInvite = z.infer<typeof RespondToInvite>;

export const ChangeMemberRole = z.object({ role: MemberRole });
export type ChangeMemberRole = z.infer<typeof ChangeMemberRole>;

export const Member = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: MemberRole,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof Member>;

export const Invite = z.object({
  id: z.string(),
  email: z.string(),
  role: MemberRole,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof Invite>;

/** What an invitee sees before answering an invite link. */
export const InvitePreview = z.object({
  accountName: z.string(),
  accountHandle: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: MemberRole,
  status: z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']),
});
export type InvitePreview = z.infer<typeof InvitePreview>;

/** An invite waiting for the signed-in user (sent to their email address), shown in the app beside the email. */
export const PendingInvite = z.object({
  id: z.string(),
  accountName: z.string(),
  inviterName: z.string(),
  role: MemberRole,
  expiresAt: z.string(),
});
export type PendingInvite = z.infer<typeof PendingInvite>;
export const PendingInviteList = z.object({ invites: z.array(PendingInvite) });
export type PendingInviteList = z.infer<typeof PendingInviteList>;

/** The answer to a create that returns only the new row's id (a business account, an invite). */
export const CreatedId = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof CreatedId>;

export const RespondResult = z.object({ accountId: z.string().nullable() });
export type RespondResult = z.infer<typeof RespondResult>;

export const UserDoc = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  personalAccountId: z.string(),
});
export type UserDoc = z.infer<typeof UserDoc>;

/** GET and PATCH /api/me, and the live users/{uid} document: the profile and how the user signs in. */
export const MeDoc = UserDoc.extend({ emailVerified: z.boolean(), providers: z.array(z.string()) });
export type MeDoc = z.infer<typeof MeDoc>;

export const UpdateProfile = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80),
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters long')
    .max(HANDLE_MAX_LENGTH)
    .regex(/^[a-z0-9-]+$/, 'Use lowercase letters, digits and hyphens'),
});
export type UpdateProfile = z.infer<typeof UpdateProfile>;
