// email.*: sending the assembled newsletter from step 5 (a test to yourself, or a short typed list).
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { emailContract } from '../../shared/schemas/email';
import { sendTest, sendToAddresses } from '../email/send';

export const emailRouter = router(
  implement(emailContract, {
    sendTest: { use: [costly('render')], run: sendTest },
    sendToAddresses: { use: [costly('render')], run: sendToAddresses },
  }),
);
