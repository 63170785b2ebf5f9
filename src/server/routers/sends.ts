// sends.*: (being built).
import { router } from '../trpc/init';

export const sendsRouter = router({});
