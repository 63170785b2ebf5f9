// The AI part of the server's dependencies (Deps.ai): which engine writes (the configured model, or the
// built-in engine), and the in-process hub of running AI Magic generations. It imports nothing that
// reads the request context, so context.ts can name it without importing the generations themselves.
import { EventEmitter } from 'node:events';
import type { Env } from '../env';
import type { EngineInfo } from '../../shared/schemas/ai';
import { modelConfigFromEnv, type ModelConfig } from './model';

/** The AI part of the app's dependencies: which engine writes, and the hub of running generations. */
export interface AiRuntime {
  model: ModelConfig | null;
  hub: EventEmitter;
  /** Text of running jobs, ahead of what is stored. */
  live: Map<string, string>;
  controllers: Map<string, AbortController>;
}

export function createAiRuntime(env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>, model?: ModelConfig | null): AiRuntime {
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  return { model: model === undefined ? modelConfigFromEnv(env) : model, hub, live: new Map(), controllers: new Map() };
}

export const BUILTIN: EngineInfo = { kind: 'builtin', name: 'Built-in engine' };

export function engineOf(rt: AiRuntime): EngineInfo {
  return rt.model ? { kind: 'model', name: rt.model.model } : BUILTIN;
}
