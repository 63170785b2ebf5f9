// Analytics of issues the product sent: opens, clicks, unsubscribes, bounces, complaints; tracking settings.
import { router } from '../trpc/init';

export const analyticsRouter = router({});
