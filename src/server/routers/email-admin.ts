// emailAdmin.*: (being built).
import { router } from '../trpc/init';

export const emailAdminRouter = router({});
