// The channels feature's public surface: the pieces step 3 of the workflow is built from.
export { AddChannel } from './add-channel';
export { ChannelCard, QualityBadge } from './channel-card';
export { ChannelSearch } from './channel-search';
export { SelectedChannels } from './selected-channels';
