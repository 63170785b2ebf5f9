// Onboarding e-mails: the sequence staff edit and preview; sent by the delivery queue.
import { router } from '../trpc/init';

export const onboardingRouter = router({});
