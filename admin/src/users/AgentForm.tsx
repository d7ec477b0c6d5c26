import { allOf, satisfies } from '@flybook/domain';
import { AGENT_ROLE, type Agent } from '@flybook/schemas';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../app/FormField.tsx';
import { CheckboxField } from '../app/form/CheckboxField.tsx';
import { FormSection } from '../app/form/FormLayout.tsx';
import { SelectField } from '../app/form/SelectField.tsx';
import {
  type AgentFormSchema,
  type AgentFormValues,
  agentFieldOf,
  agentFormSchema,
  agentFormValues,
  visibleAgentRoleFields,
} from './agent-form.ts';
import { PasswordFields, PersonFields } from './ProfileFields.tsx';
import {
  ProfileEditPage,
  type ProfileFieldsProps,
  type ProfileKind,
  ProfileNewPage,
} from './ProfileForm.tsx';
import { AGENTS } from './user-resources.ts';

/** Spec 03 §6: the agent form is editable with the update-form role (saving also needs update). */
const AGENT_EDIT_RULE = allOf(AGENT_ROLE.update, AGENT_ROLE.updateForm);

/** Active flag, monthly fee, credit limit and margin: each shown only with its own role. */
function AgentTerms({ mode, roles, isReadOnly }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<AgentFormValues>();
  const shown = visibleAgentRoleFields({ mode, roles });
  if (shown.size === 0) return null;
  const amount = {
    control,
    isReadOnly,
    className: 'field--short',
    inputMode: 'decimal',
    autoComplete: 'off',
  } as const;
  return (
    <FormSection title={t('users.sections.terms')}>
      {shown.has('isActive') ? (
        <CheckboxField control={control} name="isActive" label={t('form.active')} isDisabled={isReadOnly} />
      ) : null}
      <div className="form-grid">
        {shown.has('monthlyFee') ? (
          <FormField
            {...amount}
            name="monthlyFee"
            label={t('users.fields.monthlyFee')}
            {...(mode === 'create' ? {} : { description: t('users.fields.emptyKeeps') })}
          />
        ) : null}
        {shown.has('creditLimitTotalAmount') ? (
          <FormField {...amount} name="creditLimitTotalAmount" label={t('users.fields.creditLimit')} />
        ) : null}
        {shown.has('marginType') ? (
          <>
            <SelectField
              control={control}
              name="marginType"
              label={t('users.fields.marginType')}
              placeholder={t('form.choose')}
              options={[
                { value: 'percent', label: t('users.marginType.percent') },
                { value: 'money', label: t('users.marginType.money') },
              ]}
              isRequired
              isDisabled={isReadOnly}
            />
            <FormField {...amount} name="percentMargin" label={t('users.fields.percentMargin')} isRequired />
            <FormField {...amount} name="moneyMargin" label={t('users.fields.moneyMargin')} isRequired />
          </>
        ) : null}
      </div>
    </FormSection>
  );
}

function AgentFields(props: ProfileFieldsProps) {
  return (
    <>
      <PersonFields withCompany cityRequired={false} isReadOnly={props.isReadOnly} />
      <AgentTerms {...props} />
      {props.isReadOnly ? null : <PasswordFields mode={props.mode} />}
    </>
  );
}

/** Agents (spec 03 §2 Users, §3 Agent, §5 agent form, §6). */
export const AGENT_PROFILE: ProfileKind<Agent, AgentFormSchema> = {
  resource: AGENTS,
  listRoute: 'agentList',
  idParam: 'agentId',
  texts: {
    newTitle: 'users.agents.newTitle',
    editTitle: 'users.agents.editTitle',
    back: 'users.agents.back',
  },
  schema: agentFormSchema,
  values: agentFormValues,
  fieldOf: agentFieldOf,
  mayEdit: (roles, mode) => mode !== 'edit' || satisfies(roles, AGENT_EDIT_RULE),
  Fields: AgentFields,
};

/** New agent (title New agent, back link). */
export function AgentNewPage() {
  return <ProfileNewPage kind={AGENT_PROFILE} />;
}

/** Edit Agent, by the route's agentId. */
export function AgentEditPage() {
  return <ProfileEditPage kind={AGENT_PROFILE} />;
}
