// issues.*: the creator's issues in one list, drafts and sends together (/newsletters).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { issuesContract } from '../../shared/schemas/issues';
import { listIssues } from '../delivery/issue-list';

export const issuesRouter = router(
  implement(issuesContract, {
    list: listIssues,
  }),
);
