// mailProviders.*: (being built).
import { router } from '../trpc/init';

export const mailProvidersRouter = router({});
