// Contract of sends.precheck: the same request as a send's assembly, for one of the caller's publications.
import { assembleRequest } from '../publications/assemble-input';
import { publicationId } from '../publications/schemas';

export const precheckInput = assembleRequest.extend({ publicationId });
