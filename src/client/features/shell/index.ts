// The shell feature's public surface for other features (routes mount the shell itself directly).
export { UserAvatar } from './user-avatar';
