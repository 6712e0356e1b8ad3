import type { Account } from '@flowmind/shared/accounts';
import { Building2, CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { BusinessAccountSection } from '../../features/accounts/business-account-section';
import { openCreateBusinessDialog } from '../../features/accounts/create-business-dialog-store';
import { useActiveAccount } from '../../features/accounts/use-active-account';
import { InviteForm } from '../../features/members/invite-form';
import { InvitesList } from '../../features/members/invites-list';
import { canManageMembers } from '../../features/members/member-permissions';
import { MembersTable } from '../../features/members/members-table';
import { useInvites, useMemberActions, useMembers } from '../../features/members/use-members';
import { usePageHeader } from '../../features/page-header/use-page-header';
import { ChangePasswordForm } from '../../features/profile/change-password-form';
import { DeleteProfileSection } from '../../features/profile/delete-profile-section';
import { ProfileForm } from '../../features/profile/profile-form';
import { useProfile } from '../../features/profile/use-profile';
import { useSession } from '../../features/session/session-store';
import { SettingsNav, settingsTabs } from './settings-nav';

function useSettingsHeader(description: string) {
  usePageHeader({ title: 'Settings', description, showTabs: true, tabs: settingsTabs, showFloatingButton: false });
}

export function AccountSettingsPage() {
  useSettingsHeader('Manage your profile and the account you are working in');
  const { data: profile, isPending, isPasswordUser } = useProfile();
  const { account } = useActiveAccount();
  return (
    <>
      <SettingsNav />
      <div className="grid max-w-3xl gap-6">
        {isPending || !profile ? (
          <Skeleton className="h-64 rounded-xl" />
        ) : (
          <ProfileForm key={profile.id} profile={profile} />
        )}
        {isPasswordUser && <ChangePasswordForm />}
        {account?.type === 'business' && <BusinessAccountSection account={account} />}
        {profile && <DeleteProfileSection isPasswordUser={isPasswordUser} />}
      </div>
    </>
  );
}

function BusinessMembers({ account, myUserId }: { account: Account; myUserId: string }) {
  const manages = canManageMembers(account.role);
  const members = useMembers(account.id);
  const invites = useInvites(account.id, { enabled: manages });
  const actions = useMemberActions(account.id);
  const loadError = members.liveError?.message ?? (members.error ? members.error.message : null);
  return (
    <div className="grid gap-8">
      {manages && <InviteForm key={account.id} actions={actions} />}
      <section aria-labelledby="members-title" className="grid gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="members-title" className="font-semibold text-[15px]">
            Members
          </h2>
          {members.data && <span className="text-muted-foreground text-sm">{members.data.length} total</span>}
        </div>
        {loadError ? (
          <p
            role="alert"
            className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-destructive text-sm"
          >
            {loadError}
          </p>
        ) : (
          <MembersTable
            account={account}
            members={members.data}
            isLoading={members.isPending}
            myUserId={myUserId}
            actions={actions}
          />
        )}
      </section>
      {manages && (
        <section aria-labelledby="invites-title" className="grid gap-3">
          <h2 id="invites-title" className="font-semibold text-[15px]">
            Pending invites
          </h2>
          <InvitesList invites={invites.data} isLoading={invites.isPending} actions={actions} />
        </section>
      )}
    </div>
  );
}

export function MembersSettingsPage() {
  useSettingsHeader('Invite people and manage who can access this account');
  const { account, isLoading } = useActiveAccount();
  const { user } = useSession();
  return (
    <>
      <SettingsNav />
      {isLoading || !account || !user ? (
        <Skeleton className="h-64 max-w-4xl rounded-xl" />
      ) : account.type === 'personal' ? (
        <EmptyState
          icon={Building2}
          title="Your personal account is just for you"
          description="To work with other people, create a business account. You can invite members to it, give them roles, and switch between accounts at any time."
          className="max-w-4xl"
        >
          <Button onClick={openCreateBusinessDialog}>
            <Building2 aria-hidden="true" />
            Create business account
          </Button>
        </EmptyState>
      ) : (
        <div className="max-w-4xl">
          <BusinessMembers key={account.id} account={account} myUserId={user.id} />
        </div>
      )}
    </>
  );
}

export function BillingSettingsPage() {
  useSettingsHeader('Plans, trials and invoices');
  return (
    <>
      <SettingsNav />
      <EmptyState
        icon={CreditCard}
        title="Billing is coming"
        description="Self-hosted Flowmind is free and has no plan limits. Subscriptions, trials and invoices for hosted plans will be managed here once they exist."
        className="max-w-4xl"
      />
    </>
  );
}
