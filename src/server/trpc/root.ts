// The app router: one sub-router per domain.
import { router, createCallerFactory } from './init';
import { authRouter } from '../routers/auth';
import { userRouter } from '../routers/user';
import { leadsRouter } from '../routers/leads';
import { adminRouter } from '../routers/admin';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  leads: leadsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
