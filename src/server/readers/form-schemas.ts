// The contracts of forms.*: a publication's embeddable signup forms and the code a creator pastes into
// another site (a plain HTML form, or an iframe of the form page the app serves).
import { z } from 'zod';
import { tagName } from '../../shared/schemas/readers';

const id = z.string().min(1).max(64);

export const formName = z
  .string()
  .trim()
  .min(1, 'Give the form a name.')
  .max(100, 'A form name is at most 100 characters.')
  .regex(/^[^\r\n]*$/, 'A form name is one line.');

export const formsOfInput = z.object({ publicationId: id });
export const createFormInput = z.object({ publicationId: id, name: formName, tag: tagName.nullable().default(null) });
export type CreateFormInput = z.infer<typeof createFormInput>;
export const updateFormInput = z.object({ publicationId: id, id, name: formName, tag: tagName.nullable() });
export type UpdateFormInput = z.infer<typeof updateFormInput>;
export const formRef = z.object({ publicationId: id, id });
export type FormRef = z.infer<typeof formRef>;

export const formDto = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  createdAt: z.string(),
  /** Where the form posts, and the iframe's page: `<public base>/f/<id>`. */
  url: z.string(),
  /** Copy-paste code: a plain HTML form (no JavaScript) and an iframe of the form page. */
  htmlCode: z.string(),
  iframeCode: z.string(),
});
export type FormDto = z.infer<typeof formDto>;
export const formList = z.array(formDto);
