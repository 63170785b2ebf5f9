// The archive feature's public surface: the list of a publication's sent issues on its public page.
export { PublicationArchive } from './publication-archive';
