// subscribers.*: (being built).
import { router } from '../trpc/init';

export const subscribersRouter = router({});
