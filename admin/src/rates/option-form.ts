import { CreateOptionBody, type Option, OptionConfigSchema } from '@flybook/schemas';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { decimalText, moneyText, requiredText, upperCaseCode } from '../app/form/form-text.ts';

export type OptionFormMode = 'create' | 'edit';

const LANGUAGES = ['de', 'en', 'fr', 'sq'] as const;

/**
 * The option form → the option body. Titles are required in all four languages, descriptions
 * optional, the price in CHF. The type is chosen on create only: it cannot change afterwards
 * (spec 03 §3), so an edit does not send it.
 */
export function optionFormSchema(mode: OptionFormMode) {
  return z
    .object({
      code: requiredText(CreateOptionBody.shape.code, upperCaseCode),
      // chosen on create; on edit it only shows the current type
      typeId: mode === 'create' ? requiredText(z.string()) : z.string(),
      isActive: z.boolean(),
      title: OptionConfigSchema.shape.title,
      description: OptionConfigSchema.shape.description,
      price: decimalText(OptionConfigSchema.shape.price),
    })
    .transform(({ code, typeId, isActive, title, description, price }) => ({
      code,
      ...(mode === 'create' ? { type: { id: Number(typeId) } } : {}),
      isActive,
      configValues: { title, description, price },
    }));
}
export type OptionFormSchema = ReturnType<typeof optionFormSchema>;
export type OptionFormValues = z.input<OptionFormSchema>;
export type OptionFormBody = z.output<OptionFormSchema>;

const noText = { de: '', en: '', fr: '', sq: '' };

export function optionFormValues(option: Option | undefined): OptionFormValues {
  if (!option) {
    return {
      code: '',
      typeId: '',
      isActive: true,
      title: { ...noText },
      description: { ...noText },
      price: '',
    };
  }
  return {
    code: option.code,
    typeId: String(option.type.id),
    isActive: option.isActive,
    title: { ...option.configValues.title },
    description: { ...option.configValues.description },
    price: moneyText(option.configValues.price),
  };
}

const TEXT_PATH = /^configValues\.(title|description)\.(de|en|fr|sq)$/;

/** The form field of a field the API rejected (`configValues.title.de` → `title.de`). */
export function optionFieldOf(apiField: string): FieldPath<OptionFormValues> | null {
  if (apiField === 'code' || apiField === 'isActive') return apiField;
  if (apiField === 'type' || apiField === 'type.id') return 'typeId';
  if (apiField === 'configValues.price') return 'price';
  const match = TEXT_PATH.exec(apiField);
  const kind = match?.[1] === 'title' ? 'title' : match?.[1] === 'description' ? 'description' : null;
  const language = LANGUAGES.find((candidate) => candidate === match?.[2]);
  return kind && language ? `${kind}.${language}` : null;
}
