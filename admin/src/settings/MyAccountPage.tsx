import { adminPath } from '@flybook/domain';
import type { Me } from '@flybook/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { identityQueryKey } from '../app/services.ts';
import { useCurrentUser } from '../app/use-current-user.ts';
import { AGENT_PROFILE } from '../users/AgentForm.tsx';
import { CUSTOMER_PROFILE } from '../users/CustomerForm.tsx';
import { MANAGER_PROFILE } from '../users/ManagerForm.tsx';
import { ProfileForm } from '../users/ProfileForm.tsx';

function OwnProfileForm({ me, titleId }: { me: Me; titleId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = adminPath('settingsAccount');
  // The header shows the user's name (and balance): after a change of the own account it reloads.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: identityQueryKey() });
    void queryClient.invalidateQueries({ queryKey: ['account'] });
  };
  const common = { mode: 'self', id: me.id, titleId, listPath: path, onSaved: refresh } as const;
  switch (me.type) {
    case 'manager':
      return <ProfileForm kind={MANAGER_PROFILE} {...common} />;
    case 'agent':
      return <ProfileForm kind={AGENT_PROFILE} {...common} />;
    case 'customer':
      return <ProfileForm kind={CUSTOMER_PROFILE} {...common} />;
    default:
      // An admin account has no profile of its own (spec 03 §2).
      return <p className="form-hint">{t('settings.account.notEditable')}</p>;
  }
}

/**
 * My account (spec 03 §2): the form of the user's own type (manager, agent or customer); "There is
 * not user profile to edit." without a type, "The profile can not be edit." for other types.
 */
export function MyAccountPage() {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const { user: me } = useCurrentUser();
  const titleId = useId();
  return (
    <>
      <SectionTabs section="settings" user={user} />
      <PageHeader title={t('settings.account.title')} titleId={titleId} />
      {me ? (
        <OwnProfileForm me={me} titleId={titleId} />
      ) : (
        <p className="form-hint">{t('settings.account.noProfile')}</p>
      )}
    </>
  );
}
