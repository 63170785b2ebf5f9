// Team collaboration: workspace members, invitations, shared publications.
import { router } from '../trpc/init';

export const teamRouter = router({});
