// The contract of channels.*: directory search and discovery and the user's own channels. The schemas
// themselves live in ./content, beside the articles they share.
import { z } from 'zod';
import {
  addChannelInput,
  channelIdInput,
  channelSchema,
  discoverInput,
  discoverResult,
  importOpmlInput,
  importOpmlResult,
  opmlFile,
  searchChannelsInput,
  searchChannelsResult,
} from './content';
import { noInput, successResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

/** The channels router: what each procedure takes and answers. */
export const channelsContract = {
  search: query(searchChannelsInput, searchChannelsResult),
  discover: query(discoverInput, discoverResult),
  listMine: query(noInput, z.array(channelSchema)),
  add: mutation(addChannelInput, channelSchema),
  remove: mutation(channelIdInput, successResult),
  importOpml: mutation(importOpmlInput, importOpmlResult),
  exportOpml: query(noInput, opmlFile),
} satisfies RouterContract;
