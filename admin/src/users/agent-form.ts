import { satisfies } from '@flybook/domain';
import {
  AGENT_FIELD_ROLES,
  type Agent,
  type AgentRoleField,
  CreateAgentBody,
  MarginTypeSchema,
  PercentSchema,
  ProfileMoneySchema,
  requiredChoice,
} from '@flybook/schemas';
import { z } from 'zod';
import { decimalText, optionalDecimalText } from '../app/form/form-text.ts';
import {
  amountText,
  NO_PASSWORDS,
  notSent,
  type ProfileFormContext,
  passwordShape,
  personShape,
  personValues,
  profileSchema,
  sameNameField,
  sentWhen,
  text,
} from './profile-form.ts';

const fields = CreateAgentBody.shape;

/** The agent form's fields with a role of their own (spec 03 §6), in form order. */
export const AGENT_ROLE_FIELDS = [
  'isActive',
  'monthlyFee',
  'creditLimitTotalAmount',
  'marginType',
  'moneyMargin',
  'percentMargin',
] as const satisfies readonly AgentRoleField[];

/**
 * The role fields the form shows: those whose role the editor holds; none on the agent's own
 * profile, which never changes them (docs/users.md). Hidden fields are not sent (spec 03 §5).
 */
export function visibleAgentRoleFields(
  context: Pick<ProfileFormContext, 'mode' | 'roles'>,
): Set<AgentRoleField> {
  if (context.mode === 'self') return new Set();
  return new Set(AGENT_ROLE_FIELDS.filter((field) => satisfies(context.roles, AGENT_FIELD_ROLES[field])));
}

/**
 * The agent form (spec 03 §5) → the agent body. Required: e-mail, salutation, names, street, zip,
 * country, language, birthday, mobile phone, and the margins for whoever may edit them; on create
 * the password pair. Empty money fields are left out (the server keeps or defaults them).
 */
export function agentFormSchema(context: ProfileFormContext) {
  const shown = visibleAgentRoleFields(context);
  const margins = shown.has('marginType');
  return profileSchema(
    {
      ...personShape(fields),
      company: text(fields.company),
      isActive: sentWhen(shown.has('isActive'), z.boolean(), notSent.flag),
      monthlyFee: sentWhen(shown.has('monthlyFee'), optionalDecimalText(ProfileMoneySchema), notSent.text),
      creditLimitTotalAmount: sentWhen(
        shown.has('creditLimitTotalAmount'),
        optionalDecimalText(ProfileMoneySchema),
        notSent.text,
      ),
      marginType: sentWhen(margins, text(requiredChoice(MarginTypeSchema)), notSent.text),
      moneyMargin: sentWhen(margins, decimalText(ProfileMoneySchema), notSent.text),
      percentMargin: sentWhen(margins, decimalText(PercentSchema), notSent.text),
      ...passwordShape(context.mode),
    },
    context,
    true,
  );
}
export type AgentFormSchema = ReturnType<typeof agentFormSchema>;
export type AgentFormValues = z.input<AgentFormSchema>;

/** The form's values: a new agent's defaults (active, percent margin: spec 03 §9) or the agent's. */
export function agentFormValues(agent: Agent | undefined): AgentFormValues {
  return {
    ...personValues(agent),
    company: agent?.company ?? '',
    isActive: agent?.isActive ?? true,
    monthlyFee: amountText(agent?.monthlyFee),
    creditLimitTotalAmount: amountText(agent ? agent.creditLimitTotalAmount : 0),
    marginType: agent ? (agent.marginType ?? '') : 'percent',
    moneyMargin: amountText(agent ? agent.moneyMargin : 0),
    percentMargin: amountText(agent ? agent.percentMargin : 0),
    ...NO_PASSWORDS,
  };
}

export const agentFieldOf = sameNameField<AgentFormValues>(Object.keys(agentFormValues(undefined)));
