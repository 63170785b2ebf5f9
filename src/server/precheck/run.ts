// precheck.run: the pre-send check of a publication's issue as step 5 and the send dialog show it,
// assembled exactly as a send would assemble it (the per-reader slots included).
import type { AuthedContext } from '../context';
import { assembleForOwner } from '../newsletter/assemble';
import { resolveAssembleInput, type AssembleRequest } from '../publications/assemble-input';
import { fetcherFor } from '../feeds/load';
import { COLOR_THEMES, type AssembleInput, type AssembledNewsletter } from '../../shared/schemas/newsletter';
import type { PrecheckResult } from '../../shared/precheck';
import { precheckIssue, readsInBothModes } from './precheck';

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'user' | 'now'>;

/** The stories an assembly carries, as the check names them (a broken one can be dropped by its id). */
export function storiesOf(input: AssembleInput) {
  return (input.articles ?? []).filter((a) => a.url).map((a) => ({ id: a.id ?? '', title: a.title ?? '', url: a.url ?? '' }));
}

/** The check of an issue the creator's account assembled; `cacheOnly` makes no link request (a send's record). */
export async function precheckAssembled(
  ctx: Ctx,
  ownerId: string,
  input: AssembleInput,
  email: AssembledNewsletter,
  opts: { cacheOnly?: boolean } = {},
): Promise<PrecheckResult> {
  return precheckIssue(
    {
      html: email.html,
      text: email.text,
      subject: email.subject,
      stories: storiesOf(input),
      colorTheme: input.colorTheme,
      blocks: input.edits?.blocks,
    },
    {
      fetcher: fetcherFor(ctx.env),
      now: ctx.now,
      ownBase: ctx.env.APP_URL,
      cacheOnly: opts.cacheOnly,
      // Offered only when another colour theme actually reads: each is one render (a few ms). A send's
      // record has no one-click fixes to apply, so a send is not held up rendering the other themes.
      readableColorTheme: opts.cacheOnly
        ? undefined
        : async () => {
            for (const mode of COLOR_THEMES) {
              if (mode === input.colorTheme) continue;
              const other = await assembleForOwner(ctx, ownerId, { ...input, colorTheme: mode }, { personalized: true });
              if (readsInBothModes(other.html)) return mode;
            }
            return undefined;
          },
    },
  );
}

export async function runPrecheck(ctx: Ctx, request: AssembleRequest): Promise<PrecheckResult> {
  const { input, ownerId } = await resolveAssembleInput(ctx, request, 'own');
  const email = await assembleForOwner(ctx, ownerId, input, { personalized: true });
  return precheckAssembled(ctx, ownerId, input, email);
}
