// The blog: staff write posts (Markdown sanitised on the server), the public reads published ones.
import { router } from '../trpc/init';

export const blogRouter = router({});
