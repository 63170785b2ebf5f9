// The contracts of forms.*: a publication's embeddable signup forms and the code a creator pastes into
// another site (a plain HTML form, or an iframe of the form page the app serves).
import { z } from 'zod';
import { READERS_MSG, tagName } from './readers';
import { removedResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

const id = z.string().min(1).max(64);

export const formName = z
  .string()
  .trim()
  .min(1, 'Give the form a name.')
  .max(100, 'A form name is at most 100 characters.')
  .regex(/^[^\r\n]*$/, 'A form name is one line.');

/**
 * Where readers go after a post: an absolute http(s) address (kept as the URL parser writes it), or a path
 * under /p/ (its slug is checked against the form's publication when saved), resolved first so that no
 * `//host`, backslash or dot segment can lead to another host or page. Empty: the built-in page.
 */
export const thanksUrl = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const address = thanksAddress(v);
    if (address === null) ctx.addIssue({ code: 'custom', message: READERS_MSG.thanksUrl });
    return address;
  })
  .nullable();

function thanksAddress(v: string): string | null {
  if (v.length > 2000) return null;
  if (/[\u0000-\u0020\u007f\\]/.test(v)) return null;
  try {
    if (v.startsWith('/')) {
      // Resolved as a browser would (dot segments, escapes): it must stay on the host and under /p/.
      const url = new URL(v, 'http://host.invalid');
      return url.host === 'host.invalid' && /^\/p\/[^/]+/.test(url.pathname) ? url.pathname + url.search + url.hash : null;
    }
    const url = new URL(v);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export const formsOfInput = z.object({ publicationId: id });
export const createFormInput = z.object({ publicationId: id, name: formName, tag: tagName.nullable().default(null), thanksUrl: thanksUrl.default(null) });
export type CreateFormInput = z.infer<typeof createFormInput>;
/** Left out, the thank-you address stays as it is. */
export const updateFormInput = z.object({ publicationId: id, id, name: formName, tag: tagName.nullable(), thanksUrl: thanksUrl.optional() });
export type UpdateFormInput = z.infer<typeof updateFormInput>;
export const formRef = z.object({ publicationId: id, id });
export type FormRef = z.infer<typeof formRef>;

export const formDto = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  /** Where readers go after a post; null: the built-in thank-you page. */
  thanksUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Where the form posts, and the iframe's page: `<public base>/f/<id>`. */
  url: z.string(),
  /** Copy-paste code: a plain HTML form (no JavaScript) and an iframe of the form page. */
  htmlCode: z.string(),
  iframeCode: z.string(),
});
export type FormDto = z.infer<typeof formDto>;
export const formList = z.array(formDto);

/** The forms router: what each procedure takes and answers. */
export const formsContract = {
  list: query(formsOfInput, formList),
  create: mutation(createFormInput, formDto),
  update: mutation(updateFormInput, formDto),
  delete: mutation(formRef, removedResult),
} satisfies RouterContract;
