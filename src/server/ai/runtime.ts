// The AI part of the server's dependencies (Deps.ai): the models the operator offers (ai/models.ts),
// and the in-process hub of running AI Magic generations. It imports nothing that reads the request
// context, so context.ts can name it without importing the generations themselves.
import { EventEmitter } from 'node:events';
import type { Env } from '../env';
import type { EngineInfo } from '../../shared/schemas/ai';
import type { ModelConfig } from './model';
import { everyPlanModel, modelsFromEnv, type AiModel } from './models';

/** The AI part of the app's dependencies: the models on offer, and the hub of running generations. */
export interface AiRuntime {
  models: AiModel[];
  hub: EventEmitter;
  /** Text of running jobs, ahead of what is stored. */
  live: Map<string, string>;
  controllers: Map<string, AbortController>;
}

/** The models come from the environment, or (tests) one model for every plan, or none. */
export function createAiRuntime(env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_MODELS'>, model?: ModelConfig | null): AiRuntime {
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  const models = model === undefined ? modelsFromEnv(env) : model ? [everyPlanModel(model)] : [];
  return { models, hub, live: new Map(), controllers: new Map() };
}

export const BUILTIN: EngineInfo = { kind: 'builtin', name: 'Built-in engine' };

/** Who writes: the chosen model, or the built-in engine. */
export function engineOf(model: AiModel | null): EngineInfo {
  return model ? { kind: 'model', name: model.name } : BUILTIN;
}

/** What the operator configured, for staff: every model's name, or the built-in engine. */
export function configuredEngines(rt: AiRuntime): EngineInfo {
  return rt.models.length ? { kind: 'model', name: rt.models.map((m) => m.name).join(', ') } : BUILTIN;
}
