// The contract of wizard.assemble, and of every request that assembles a publication's issue (the
// preview, test sends, issue sends, the pre-send check): the assembly fields, all optional.
import { z } from 'zod';
import { assembleInput, assembleResult, COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES } from './newsletter';
import { publicationId } from './publications';
import { query, type RouterContract } from '../contract';

/**
 * With a publicationId, what the request leaves out comes from the stored workflow; without one, the
 * request is the whole input (the documented REST body).
 */
export const assembleRequest = assembleInput.extend({
  publicationId: publicationId.optional(),
  layoutStyle: z.enum(LAYOUT_STYLES).optional(),
  fontStyle: z.enum(FONT_STYLES).optional(),
  colorTheme: z.enum(COLOR_THEMES).optional(),
  includeBranding: z.boolean().optional(),
});
export type AssembleRequest = z.infer<typeof assembleRequest>;

/** The wizard router's own procedures (its autosave, wizard.saveProgress, has its contract in wizard-progress.ts). */
export const wizardContract = {
  assemble: query(assembleRequest, assembleResult),
} satisfies RouterContract;
