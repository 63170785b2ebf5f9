// Product newsletters: staff write to the users who opted in to product news.
import { router } from '../trpc/init';

export const productNewsRouter = router({});
