import { type AdminRouteName, adminPath } from '@flybook/domain';
import type { BaseRecord } from '@refinedev/core';
import { type ComponentType, useEffect, useId, useMemo, useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { FormActions, FormCard, FormPlaceholder } from '../app/form/FormLayout.tsx';
import { useRecordForm } from '../app/form/use-record-form.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { useCountryList } from './countries.ts';
import type { ProfileFormContext, ProfileFormMode } from './profile-form.ts';

/** What a user record the forms edit has at least. */
type Profile = BaseRecord & { id: number; email: string };

/** The fields of one kind of user form, told who edits and whether the form is read-only. */
export type ProfileFieldsProps = { mode: ProfileFormMode; roles: readonly string[]; isReadOnly: boolean };

/** One kind of user (agent, customer, manager): its resource, routes, texts, form and rules. */
export interface ProfileKind<TRecord extends Profile, S extends z.ZodType<FieldValues, FieldValues>> {
  resource: string;
  listRoute: AdminRouteName;
  /** The route param of the edit page (agentId, customerId, managerId). */
  idParam: string;
  texts: { newTitle: string; editTitle: string; back: string };
  schema: (context: ProfileFormContext) => S;
  values: (record: TRecord | undefined) => DefaultValues<z.input<S>>;
  fieldOf: (apiField: string) => FieldPath<z.input<S>> | null;
  /** Whether the editor may save the form; without it the form is read-only (spec 03 §6). */
  mayEdit: (roles: readonly string[], mode: ProfileFormMode) => boolean;
  Fields: ComponentType<ProfileFieldsProps>;
}

/**
 * The form of a user kind in a mode: a new user, staff editing one, or the user's own account (My
 * account). It shows once the record (when editing) and the country list have loaded (spec 03 §2).
 */
export function ProfileForm<TRecord extends Profile, S extends z.ZodType<FieldValues, FieldValues>>({
  kind,
  mode,
  id,
  titleId,
  listPath,
  onSaved,
}: {
  kind: ProfileKind<TRecord, S>;
  mode: ProfileFormMode;
  id?: number;
  titleId: string;
  /** Where saving and cancelling lead; the own account stays on its page. */
  listPath: string;
  onSaved?: (record: TRecord) => void;
}) {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const { countries, error: countryError, retry: retryCountries } = useCountryList();
  // The own e-mail is known once the record has loaded; changing it needs the current password.
  const [currentEmail, setCurrentEmail] = useState<string | undefined>(undefined);
  const schema = useMemo(
    () =>
      kind.schema({
        mode,
        roles: user.roles,
        countries: countries ?? [],
        ...(id === undefined ? {} : { id }),
        ...(currentEmail === undefined ? {} : { currentEmail }),
      }),
    [kind, mode, user.roles, countries, id, currentEmail],
  );
  const { form, onSubmit, isReady, isSaving, record, loadError, retryLoad, isRetrying } = useRecordForm<
    TRecord,
    S
  >({
    resource: kind.resource,
    action: mode === 'create' ? 'create' : 'edit',
    ...(id === undefined ? {} : { id }),
    schema,
    values: kind.values,
    lookupsReady: countries !== undefined,
    lookupError: countryError,
    retryLookups: retryCountries,
    fieldOf: kind.fieldOf,
    listPath,
    ...(onSaved ? { onSaved } : {}),
    stayAfterSave: mode === 'self',
  });
  useEffect(() => {
    if (record) setCurrentEmail(record.email);
  }, [record]);

  if (!isReady) return <FormPlaceholder error={loadError} onRetry={retryLoad} isRetrying={isRetrying} />;
  const editable = kind.mayEdit(user.roles, mode);
  const { Fields } = kind;
  return (
    <FormProvider {...form}>
      <FormCard labelledBy={titleId} onSubmit={onSubmit} wide>
        {editable ? null : <p className="form-hint">{t('users.readOnly')}</p>}
        <Fields mode={mode} roles={user.roles} isReadOnly={!editable} />
        {editable ? (
          <FormActions isSaving={isSaving} cancelTo={listPath} />
        ) : (
          <div className="form-actions">
            <Link className="form-actions__cancel" to={listPath}>
              {t(kind.texts.back)}
            </Link>
          </div>
        )}
      </FormCard>
    </FormProvider>
  );
}

/** New user of a kind (spec 03 §2: New agent, New customer, New manager; back link to the list). */
export function ProfileNewPage<TRecord extends Profile, S extends z.ZodType<FieldValues, FieldValues>>({
  kind,
}: {
  kind: ProfileKind<TRecord, S>;
}) {
  return <ProfilePage kind={kind} mode="create" />;
}

/** Edit a user of a kind, by the route's id parameter. */
export function ProfileEditPage<TRecord extends Profile, S extends z.ZodType<FieldValues, FieldValues>>({
  kind,
}: {
  kind: ProfileKind<TRecord, S>;
}) {
  const param = useParams()[kind.idParam];
  const id = Number(param);
  return <ProfilePage key={param} kind={kind} mode="edit" id={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}

function ProfilePage<TRecord extends Profile, S extends z.ZodType<FieldValues, FieldValues>>({
  kind,
  mode,
  id,
}: {
  kind: ProfileKind<TRecord, S>;
  mode: 'create' | 'edit';
  id?: number;
}) {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const titleId = useId();
  const listPath = adminPath(kind.listRoute);
  return (
    <>
      <SectionTabs section="user" user={user} />
      <PageHeader
        title={t(mode === 'create' ? kind.texts.newTitle : kind.texts.editTitle)}
        titleId={titleId}
        back={{ to: listPath, label: t(kind.texts.back) }}
      />
      <ProfileForm
        kind={kind}
        mode={mode}
        {...(id === undefined ? {} : { id })}
        titleId={titleId}
        listPath={listPath}
      />
    </>
  );
}
