// One generation as it is written: ai.watch (SSE) gives the job as stored, then each new piece, then
// its end, whose output replaces the streamed text (the server checks the citations last). A finished
// job answers with its snapshot alone, so a reload of ?job=<id> shows the stored text.
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorMessage } from '../../lib/errors';
import type { AiJob, AiJobEvent } from '../../../shared/schemas/ai';

export interface Generation {
  job: AiJob | null;
  text: string;
  /** 'connecting' until the first snapshot arrives. */
  status: 'connecting' | AiJob['status'];
  error: string | null;
}

const START: Generation = { job: null, text: '', status: 'connecting', error: null };

function apply(g: Generation, e: AiJobEvent): Generation {
  switch (e.type) {
    case 'snapshot':
      return { job: e.job, text: e.job.output, status: e.job.status, error: e.job.error };
    case 'delta':
      return { ...g, text: g.text + e.text };
    case 'end':
      return { job: g.job && { ...g.job, status: e.status, error: e.error, output: e.output }, text: e.output, status: e.status, error: e.error };
  }
}

/** Mount it per job (key by id): its state belongs to one generation. */
export function useGeneration(jobId: string): Generation {
  const utils = trpc.useUtils();
  const [generation, setGeneration] = useState<Generation>(START);
  trpc.ai.watch.useSubscription(
    { id: jobId },
    {
      enabled: Boolean(jobId),
      onData: (event) => {
        setGeneration((g) => apply(g, event));
        if (event.type === 'end') {
          // A failed generation is given back to the quota; either way the lists change.
          void utils.ai.status.invalidate();
          void utils.ai.jobs.invalidate();
        }
      },
      onError: (err) => setGeneration((g) => ({ ...g, status: g.status === 'done' ? 'done' : 'failed', error: errorMessage(err) })),
    },
  );
  return generation;
}
