// The AI models the operator offers, and which plans each serves. `AI_MODELS` is a JSON list of
// OpenAI-compatible endpoints (OpenAI, Perplexity, Gemini and Claude all offer one) with the plans that
// may use each; the older single `AI_BASE_URL` + `AI_MODEL` is one more model for every plan with AI
// tools. Creators pick among the models their plan includes; the built-in engine is always there, the
// default when none is included, and the fallback when a model fails.
import { z } from 'zod';
import { AppError } from '../errors';
import { CAPABILITIES, effectivePlan, PLAN_LABELS, PLAN_TYPES, type PlanHolder, type PlanType } from '../../shared/plans';
import type { AiModelOption } from '../../shared/schemas/ai';
import { modelConfigFromEnv, type ModelConfig } from './model';

export interface AiModel {
  /** Stable id the client sends ("gpt", "claude"). */
  id: string;
  /** What creators see ("ChatGPT", "Claude"). */
  name: string;
  plans: readonly PlanType[];
  config: ModelConfig;
}

/** The choice of the built-in engine, as a request names it. */
export const BUILTIN_CHOICE = 'builtin';

const modelEntry = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'id: lower-case letters, digits and dashes, at most 40')
    .refine((id) => id !== BUILTIN_CHOICE, `id: "${BUILTIN_CHOICE}" names the built-in engine`),
  name: z.string().trim().min(1).max(60),
  baseUrl: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().optional(),
  model: z.string().trim().min(1).max(200),
  plans: z.array(z.enum(PLAN_TYPES)).min(1),
});

const modelList = z.array(modelEntry).refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'every model needs its own id');

/** Plans whose capabilities include the AI tools (a model listed for another plan would never be reached). */
const AI_PLANS = PLAN_TYPES.filter((p) => CAPABILITIES[p].aiTools);

/** The configured models; throws with a sentence naming AI_MODELS when its JSON is not a valid list. */
export function modelsFromEnv(env: { AI_MODELS?: string; AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL?: string }): AiModel[] {
  const models: AiModel[] = [];
  if (env.AI_MODELS?.trim()) {
    let raw: unknown;
    try {
      raw = JSON.parse(env.AI_MODELS);
    } catch {
      throw new Error('AI_MODELS must be a JSON list of models: [{"id","name","baseUrl","apiKey","model","plans"}]');
    }
    const parsed = modelList.safeParse(raw);
    if (!parsed.success) throw new Error(`AI_MODELS is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    for (const m of parsed.data) {
      const config = modelConfigFromEnv({ AI_BASE_URL: m.baseUrl, AI_API_KEY: m.apiKey, AI_MODEL: m.model })!;
      models.push({ id: m.id, name: m.name, plans: m.plans, config });
    }
  }
  const single = modelConfigFromEnv(env);
  if (single && !models.some((m) => m.id === 'default')) models.push({ id: 'default', name: single.model, plans: AI_PLANS, config: single });
  return models;
}

/** One model for every plan with AI tools (tests and the older single-model settings). */
export function everyPlanModel(config: ModelConfig): AiModel {
  return { id: 'default', name: config.model, plans: AI_PLANS, config };
}

/** The models the user's plan includes, in the operator's order. */
export function modelsFor(models: readonly AiModel[], user: PlanHolder): AiModel[] {
  const plan = effectivePlan(user);
  return models.filter((m) => m.plans.includes(plan));
}

/** Every configured model as the picker shows it: included in the user's plan, or from which plan. */
export function modelOptions(models: readonly AiModel[], user: PlanHolder): AiModelOption[] {
  const plan = effectivePlan(user);
  return models.map((m) => {
    const cheapest = PLAN_TYPES.find((p) => m.plans.includes(p));
    return { id: m.id, name: m.name, included: m.plans.includes(plan), plan: cheapest ? PLAN_LABELS[cheapest] : null };
  });
}

export const MODEL_MSG = {
  unknown: 'This AI model is not available. Choose another one, or the built-in engine.',
  notInPlan: (name: string, plan: string | null) =>
    `${name} is not included in your plan${plan ? `; it comes with the ${plan} plan` : ''}. Choose another model, or the built-in engine.`,
} as const;

/**
 * The model a request writes with: the one it names (refused when unknown or not in the plan), the
 * built-in engine when it asks for that, else the first model the plan includes (none: built-in).
 */
export function chooseModel(models: readonly AiModel[], user: PlanHolder, requested?: string): AiModel | null {
  if (requested === BUILTIN_CHOICE) return null;
  if (requested === undefined) return modelsFor(models, user)[0] ?? null;
  const model = models.find((m) => m.id === requested);
  if (!model) throw new AppError('BAD_REQUEST', MODEL_MSG.unknown);
  if (!model.plans.includes(effectivePlan(user))) {
    const cheapest = PLAN_TYPES.find((p) => model.plans.includes(p));
    throw new AppError('FORBIDDEN', MODEL_MSG.notInPlan(model.name, cheapest ? PLAN_LABELS[cheapest] : null));
  }
  return model;
}
