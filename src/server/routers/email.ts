// email.*: sending the assembled newsletter from step 5 (a test to yourself, or a short typed list).
import { router, protectedProcedure, costly } from '../trpc/init';
import { sendResult, sendTest, sendTestInput, sendToAddresses, sendToAddressesInput } from '../email/send';

export const emailRouter = router({
  sendTest: protectedProcedure
    .use(costly('render'))
    .input(sendTestInput)
    .output(sendResult)
    .mutation(({ ctx, input }) => sendTest(ctx, input)),

  sendToAddresses: protectedProcedure
    .use(costly('render'))
    .input(sendToAddressesInput)
    .output(sendResult)
    .mutation(({ ctx, input }) => sendToAddresses(ctx, input)),
});
