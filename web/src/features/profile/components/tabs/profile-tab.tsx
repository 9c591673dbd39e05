import type { User } from '@mazad/contracts';
import { NotificationSettings } from '@/features/notifications';
import { PushSettings } from '@/features/push';
import { BlockedMembers } from '../blocked-members';
import { CredentialsForm } from '../forms/credentials-form';
import { ProfileDetailsForm } from '../forms/profile-details-form';
import { ProfileImageForm } from '../forms/profile-image-form';

/**
 * «الملف الشخصي»: the member's details, their picture, their sign-in credentials (an email change
 * takes the code sent to the new address), how notices reach them, and the members they blocked.
 */
export function ProfileTabPanel({ user }: { user: User }) {
  return (
    <div className="profile-tab-grid">
      <ProfileDetailsForm user={user} />
      <ProfileImageForm user={user} />
      <CredentialsForm user={user} />
      <NotificationSettings userId={user._id} pushStatus={<PushSettings />} />
      <BlockedMembers userId={user._id} />
    </div>
  );
}
