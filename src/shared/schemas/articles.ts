// The contract of articles.*: one channel's or many channels' articles. The schemas themselves live in
// ./content, beside the channels they come from.
import { channelArticlesInput, channelArticlesResult, multiChannelArticlesInput, multiChannelArticlesResult } from './content';
import { query, type RouterContract } from '../contract';

/** The articles router: what each procedure takes and answers. */
export const articlesContract = {
  listForChannel: query(channelArticlesInput, channelArticlesResult),
  listForChannels: query(multiChannelArticlesInput, multiChannelArticlesResult),
} satisfies RouterContract;
