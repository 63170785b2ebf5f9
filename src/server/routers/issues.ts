// issues.*: the creator's issues in one list, drafts and sends together (/newsletters).
import { router, protectedProcedure } from '../trpc/init';
import { issueListInput, issueListPage, listIssues } from '../delivery/issue-list';

export const issuesRouter = router({
  /** Newest first by keyset cursor: saved newsletters not sent yet and every send with its figures. */
  list: protectedProcedure
    .input(issueListInput)
    .output(issueListPage)
    .query(({ ctx, input }) => listIssues(ctx, input)),
});
