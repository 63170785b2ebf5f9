import { describe, it, expect } from 'vitest';
import { AppError } from '../../../src/server/errors';
import { checkPlanLimits, checkStepRules, PROGRESS_MSG, statusOf } from '../../../src/server/publications/progress';
import { normalizeWorkflowData } from '../../../src/server/publications/dto';
import { saveProgressInput, workflowDataPatch } from '../../../src/shared/schemas/wizard-progress';
import { MSG } from '../../../src/shared/messages';
import { buildArticle, buildChannel } from '../../integration/workflow/factories';

const base = () => ({ ...normalizeWorkflowData({ newsletterName: 'Weekly' }, { name: 'Weekly', updatedAt: new Date(0) }) });

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return `${(err as AppError).code}: ${(err as AppError).message}`;
  }
}

describe('checkStepRules', () => {
  it('lets step 1 through with a blank name but not step 2', () => {
    const d = { ...base(), newsletterName: '   ' };
    expect(codeOf(() => checkStepRules(1, d))).toBeNull();
    expect(codeOf(() => checkStepRules(2, d))).toBe(`BAD_REQUEST: ${PROGRESS_MSG.nameRequired}`);
  });

  it('needs a channel beyond step 3 and an article for step 5', () => {
    const d = base();
    expect(codeOf(() => checkStepRules(3, d))).toBeNull();
    expect(codeOf(() => checkStepRules(4, d))).toBe(`BAD_REQUEST: ${PROGRESS_MSG.channelRequired}`);
    const withChannel = { ...d, selectedChannels: [buildChannel()] };
    expect(codeOf(() => checkStepRules(4, withChannel))).toBeNull();
    expect(codeOf(() => checkStepRules(5, withChannel))).toBe(`BAD_REQUEST: ${PROGRESS_MSG.articleRequired}`);
    expect(codeOf(() => checkStepRules(5, { ...withChannel, selectedArticles: [buildArticle()] }))).toBeNull();
  });
});

describe('checkPlanLimits', () => {
  const free = { role: 'user' as const, planType: 'free' as const };
  const basic = { role: 'user' as const, planType: 'basic' as const };

  it('refuses adding a channel past the limit with the spec message, but allows trimming an older selection', () => {
    const three = [buildChannel(), buildChannel(), buildChannel()];
    expect(codeOf(() => checkPlanLimits(free, base(), { ...base(), selectedChannels: three.slice(0, 2) }))).toBe(`FORBIDDEN: ${MSG.channelLimit(1)}`);
    expect(codeOf(() => checkPlanLimits(basic, base(), { ...base(), selectedChannels: three }))).toBeNull();
    const before = { ...base(), selectedChannels: three };
    expect(codeOf(() => checkPlanLimits(free, before, { ...base(), selectedChannels: three.slice(0, 2) }))).toBeNull();
    expect(codeOf(() => checkPlanLimits(free, before, { ...base(), selectedChannels: [three[0], buildChannel()] }))).toBe(`FORBIDDEN: ${MSG.channelLimit(1)}`);
  });

  it('checks a newly picked theme: unknown 400, above the plan 403, an unchanged one is left alone', () => {
    expect(codeOf(() => checkPlanLimits(free, base(), { ...base(), selectedTheme: 'no-such-theme' }))).toBe(
      `BAD_REQUEST: ${PROGRESS_MSG.unknownTheme('no-such-theme')}`,
    );
    expect(codeOf(() => checkPlanLimits(free, base(), { ...base(), selectedTheme: 'local-tribune' }))).toMatch(/^FORBIDDEN: /);
    expect(codeOf(() => checkPlanLimits(basic, base(), { ...base(), selectedTheme: 'local-tribune' }))).toBeNull();
    const kept = { ...base(), selectedTheme: 'newsprint' };
    expect(codeOf(() => checkPlanLimits(free, kept, kept))).toBeNull();
  });
});

describe('statusOf', () => {
  it("is 'ready' only on step 5 with name, theme, channels and articles", () => {
    const full = { ...base(), selectedTheme: 'market-watch', selectedChannels: [buildChannel()], selectedArticles: [buildArticle()] };
    expect(statusOf(5, full)).toBe('ready');
    expect(statusOf(4, full)).toBe('draft');
    expect(statusOf(5, { ...full, selectedTheme: null })).toBe('draft');
  });
});

describe('saveProgressInput', () => {
  it('bounds steps, list sizes and string lengths', () => {
    const ok = { publicationId: 'abcdefgh-1234', currentStep: 3 };
    expect(saveProgressInput.safeParse(ok).success).toBe(true);
    expect(saveProgressInput.safeParse({ ...ok, currentStep: 0 }).success).toBe(false);
    expect(saveProgressInput.safeParse({ ...ok, currentStep: 6 }).success).toBe(false);
    expect(saveProgressInput.safeParse({ ...ok, currentStep: 2.5 }).success).toBe(false);
    const channels = Array.from({ length: 101 }, () => buildChannel());
    expect(workflowDataPatch.safeParse({ selectedChannels: channels }).success).toBe(false);
    expect(workflowDataPatch.safeParse({ selectedChannels: channels.slice(0, 100) }).success).toBe(true);
    expect(workflowDataPatch.safeParse({ selectedArticles: [buildArticle({ title: 'x'.repeat(501) })] }).success).toBe(false);
    expect(workflowDataPatch.safeParse({ searchTopic: 'x'.repeat(501) }).success).toBe(false);
    expect(workflowDataPatch.safeParse({ fontStyle: 'comic' }).success).toBe(false);
  });
});
